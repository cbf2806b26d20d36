import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CheckoutSuccessProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useCatalogue, useEngine, useTexts } from '../../engine/react/index.ts';
import { useStore } from '../product/hooks.ts';
import { formatPercent, planNamed } from '../../engine/index.ts';
import { orderReference, ownPaymentMethod } from '../../engine/payments/index.ts';
import { purchaseAccountOf, readPurchaseRecord, updatePurchaseRecord } from '../../engine/payments/index.ts';
import { useServerConfirmation } from '../../engine/payments/index.ts';
import { checkoutPathBefore } from './checkoutPath.ts';
import { readReceipt, restoreFromRecord, restoreReceipt, saveReceipt } from '../../engine/payments/index.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { firstChargeText, nextPaymentText, shortBillingText, useLocale } from '../ui/priceTexts.ts';
import { UpsellOffer } from './UpsellOffer.tsx';

/**
 * /checkout/success: what was paid (or, for a free trial, that the trial started and when the first
 * charge falls), a short order reference and the "we have sent an email" notice, then the upsell
 * offer once as one card with one accept and one decline that moves on (it survives a reload through
 * the session receipt, so it can be neither bought twice nor pushed again after a decline), and, once
 * the offer is answered (or when there is none), one primary action on to the download step. Nothing paid is shown before the server confirmed it: a purchase
 * found in storage (a reload, another tab's record, anything edited) is checked with the receipt
 * lookup first, and a visitor with no purchase is sent to the checkout.
 */
export default function CheckoutSuccessScreen({ props, next }: ScreenProps<CheckoutSuccessProps>) {
  const { t } = useTexts();
  const { store, data, config, analytics, backend } = useEngine();
  const { snap } = useStore();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const format = useLocale();
  const { catalogue } = useCatalogue();
  // after a reload the (unpersisted) checkout slice is empty: the session receipt fills it back, or,
  // in a tab that did not pay, the account's durable purchase record
  const [receipt] = useState(() => {
    const saved = restoreReceipt(store);
    const record = readPurchaseRecord(purchaseAccountOf(store.signup));
    if (!saved && record?.status === 'succeeded') restoreFromRecord(store, record);
    return saved ?? readReceipt();
  });
  const [closed, setClosed] = useState(receipt?.upsellClosed ?? false);
  const [openedAt] = useState(() => new Date());
  const api = useMemo(() => backend.subscriptions({ store, config, analytics }), [backend, store, config, analytics]);
  const confirmation = useServerConfirmation(api);
  const confirmed = confirmation.state === 'confirmed';
  useEffect(() => {
    // from now on a visitor who is offered the plan again is brought back here
    if (confirmed) updatePurchaseRecord(purchaseAccountOf(store.signup), { successPath: pathname });
  }, [store, pathname, confirmed]);
  const nothingPaid = confirmation.state === 'none';
  useEffect(() => {
    // no purchase the server knows of: the checkout is where this visitor belongs
    if (nothingPaid) navigate(checkoutPathBefore(data, pathname), { replace: true });
  }, [nothingPaid, navigate, data, pathname]);

  const c = snap.checkout;
  const price = format.money;
  const planName = receipt?.plan ?? store.plans.plan;
  const plan = planNamed(catalogue, planName);
  const trialDays = plan?.trialDays ?? 0;
  const trial = trialDays > 0 && c.id !== '' && c.finalPrice === 0;
  const startedAt = readPurchaseRecord(purchaseAccountOf(store.signup))?.startedAt;
  // the subscription's start: when the purchase began, else when this page opened
  const paidAt = startedAt === undefined ? openedAt : new Date(startedAt);
  // the add-on is charged the way the plan was paid: a kept card or wallet method, or the vaulted PayPal account
  const paidWith = receipt?.paidWith === 'paypal' ? 'paypal' : 'card';
  const offerUpsell =
    props.upsell !== undefined && c.id !== '' && (ownPaymentMethod(snap) !== '' || paidWith === 'paypal') && c.upsellData.success !== true && !closed;

  const close = (): void => {
    setClosed(true);
    saveReceipt(store, planName, true);
  };

  if (!confirmed) {
    return (
      <Screen className="checkout-success" wide>
        <div className="checkout-success__card" role="status" aria-live="polite" data-testid="success-checking">
          {confirmation.state === 'signedOut' ? (
            <p>{t('success.otherTab')}</p>
          ) : confirmation.state === 'failed' ? (
            <>
              <p>{t('success.checkFailed')}</p>
              <Button onClick={confirmation.retry}>{t('common.tryAgain')}</Button>
            </>
          ) : (
            <p>{t('success.checking')}</p>
          )}
        </div>
      </Screen>
    );
  }

  return (
    <Screen className="checkout-success" wide>
      <div className="checkout-success__card">
        <div className="checkout-success__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40" focusable="false">
            <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <TitleBlock title={trial ? t('success.trialTitle') : t(props.title)} text={t(props.text)} />
        {c.id ? (
          <ul className="checkout-success__receipt" aria-label={t('checkout.summary.title')}>
            {trial ? (
              <li className="checkout-success__paid">{plan ? firstChargeText(t, plan, format, paidAt) : null}</li>
            ) : (
              <>
                <li className="checkout-success__paid">{t('success.paid', { price: price(c.finalPrice) })}</li>
                {c.regularPrice > c.finalPrice ? <li>{t('success.regular', { price: price(c.regularPrice) })}</li> : null}
                {plan ? <li className="checkout-success__renews">{nextPaymentText(t, plan, format, paidAt)}</li> : null}
                {Math.round(c.discountPercentage) > 0 ? (
                  <li className="checkout-success__saved">
                    {t('success.saved', { percent: formatPercent(Math.round(c.discountPercentage) / 100, format.locale) })}
                  </li>
                ) : null}
              </>
            )}
            <li className="checkout-success__order" title={c.id}>
              {t('success.orderRef', { ref: orderReference(c.id) })}
            </li>
          </ul>
        ) : null}
        {c.upsellData.success === true ? (
          <p className="checkout-success__added" role="status">
            {t('upsell.added', { price: shortBillingText(t, c.upsellData.finalPrice, catalogue.upsell.duration, format) })}
          </p>
        ) : null}
        {/* while the add-on is offered, its accept and its decline are the only two ways on */}
        {offerUpsell && props.upsell ? (
          <UpsellOffer
            texts={props.upsell}
            format={format}
            paidWith={paidWith}
            trial={trial && plan ? { plan, start: paidAt, today: openedAt } : undefined}
            onBought={() => saveReceipt(store, planName, closed)}
            onDecline={() => {
              close();
              next();
            }}
          />
        ) : (
          <div className="checkout-success__actions">
            <Button onClick={() => next()}>{t(props.cta)}</Button>
          </div>
        )}
      </div>
    </Screen>
  );
}
