import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutSuccessProps } from '../../engine/types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/types.ts';
import { useEngine } from '../../engine/react/context.ts';
import { useStore } from '../../engine/react/hooks.ts';
import { formatUsd } from '../../engine/core/pricing.ts';
import { readReceipt, restoreReceipt, saveReceipt } from '../../engine/payments/receipt.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { UpsellOffer } from './UpsellOffer.tsx';

/**
 * /checkout/success: the prices paid and the "we have sent an email" notice, then the upsell offer
 * once (it survives a reload through the session receipt, so it can be neither bought twice nor
 * pushed again after a close), and continue to the download step.
 */
export default function CheckoutSuccessScreen({ props, next }: ScreenProps<CheckoutSuccessProps>) {
  const { t, i18n } = useTranslation();
  const { store } = useEngine();
  const { snap } = useStore();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  // after a reload the (unpersisted) checkout slice is empty: the session receipt fills it back
  const [receipt] = useState(() => restoreReceipt(store));
  const [closed, setClosed] = useState(receipt?.upsellClosed ?? false);
  const c = snap.checkout;
  const price = (amount: number): string => formatUsd(amount, language);
  const plan = (): string => readReceipt()?.plan ?? store.plans.plan;
  const offerUpsell = props.upsell !== undefined && c.id !== '' && c.stripeNonce !== '' && c.upsellData.success !== true && !closed;

  const close = (): void => {
    setClosed(true);
    saveReceipt(store, plan(), true);
  };

  return (
    <Screen className="checkout-success">
      <div className="checkout-success__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40" focusable="false">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <TitleBlock title={t(props.title)} text={t(props.text)} />
      {c.id ? (
        <ul className="checkout-success__receipt" aria-label={t('checkout.summary.title')}>
          <li className="checkout-success__paid">{t('success.paid', { price: price(c.finalPrice) })}</li>
          {c.regularPrice > c.finalPrice ? <li>{t('success.regular', { price: price(c.regularPrice) })}</li> : null}
          {Math.round(c.discountPercentage) > 0 ? <li className="checkout-success__saved">{t('success.saved', { percent: Math.round(c.discountPercentage) })}</li> : null}
          <li className="checkout-success__order">{t('success.order', { id: c.id })}</li>
        </ul>
      ) : null}
      {c.upsellData.success === true ? (
        <p className="checkout-success__added" role="status">{t('upsell.added', { price: price(c.upsellData.finalPrice) })}</p>
      ) : null}
      {offerUpsell && props.upsell ? (
        <UpsellOffer texts={props.upsell} language={language} onBought={() => saveReceipt(store, plan(), closed)} onClose={close} />
      ) : null}
      <div className="checkout-success__actions">
        <Button onClick={() => next()}>{t(props.cta)}</Button>
      </div>
    </Screen>
  );
}
