import { useEffect, useId } from 'react';
import { useCatalogue, useEngine, useTexts } from '../../engine/react/index.ts';
import type { PaidWith } from '../../engine/payments/index.ts';
import type { UpsellTexts } from '../types/flow.gen.ts';
import { Button } from '../ui/Button.tsx';
import { PaymentProcessing } from '../ui/PaymentProcessing.tsx';
import { upsellPriceTexts, type LocaleFormat, type UpsellAfterTrial } from '../ui/priceTexts.ts';
import { useUpsellPurchase } from '../../engine/payments/index.ts';
import { purchaseAttribution } from '../analytics/attribution.ts';
import { specProduct } from '../../engine/index.ts';

export interface UpsellOfferProps {
  texts: UpsellTexts;
  /** The visitor's formatting of amounts. */
  format: LocaleFormat;
  /** How the plan was just paid: the add-on is charged the same way. */
  paidWith: PaidWith;
  /** The plan's free trial that just started ($0 paid): the add-on's charge date and the trial's end are said. */
  trial?: UpsellAfterTrial;
  /** Called after a successful purchase (the screen saves the receipt). */
  onBought: () => void;
  /** The visitor declined: the screen records it and moves on. */
  onDecline: () => void;
}

/**
 * The upsell product of flows/plans.json, bought with one click on the method just used (the card or
 * wallet, or the PayPal account just vaulted): the same checkout machine with the upsell marker
 * (engine/payments/useUpsellPurchase.ts). The card gateway is loaded for a 3-D Secure step, should the
 * bank ask for one. Its price and how often it bills come from the plan data ("$9.99 per month").
 * One primary button adds it, one quiet button declines it for good and moves on.
 */
export function UpsellOffer({ texts, format, paidWith, trial, onBought, onDecline }: UpsellOfferProps) {
  const { t } = useTexts();
  const id = useId();
  const { store, analytics } = useEngine();
  const { runner, gateway, ready, buy } = useUpsellPurchase(paidWith, store.checkout.id, onBought, () => ({
    // the backend's attribution for server-side conversions (screens/analytics/attribution.ts)
    landing_type: store.plans.landingType,
    attribution: purchaseAttribution(store),
  }));
  const product = useCatalogue().catalogue.upsell;
  // "$9.99/month" and "charged to the payment method you just used" (after a trial: today's date, and the trial's end), from the plan data
  const { price: billing, chargedTo } = upsellPriceTexts(t, product, format, trial);
  const price = format.money(product.price);
  useEffect(() => {
    analytics.track('Product Viewed', {
      ...specProduct(product.name, product.price),
      currency: format.currency,
      value: product.price,
      plan: product.name,
      upsell: true,
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per offer shown
  const decline = (): void => {
    analytics.track('upsell_declined', { plan: product.name });
    onDecline();
  };

  return (
    <section className="checkout-upsell" aria-labelledby={`${id}-title`}>
      <h2 className="checkout-upsell__title" id={`${id}-title`}>
        {t(texts.title)}
      </h2>
      <p className="checkout-upsell__text">
        {t(texts.text)} {chargedTo}
      </p>
      <p className="checkout-upsell__price" data-testid="upsell-price">
        {billing}
      </p>
      {runner.failureText ? (
        <p className="checkout-upsell__failure" role="alert">
          {runner.failureText}
        </p>
      ) : null}
      <div className="checkout-upsell__actions">
        <Button onClick={() => void buy()} disabled={!ready || runner.busy} aria-busy={runner.busy}>
          {t(texts.cta, { price, billing })}
        </Button>
        <Button variant="link" onClick={decline} disabled={runner.busy}>
          {t('upsell.close')}
        </Button>
      </div>
      {runner.busy ? <PaymentProcessing /> : null}
      {/* the gateway's host (e.g. the sandbox 3-D Secure dialog) beside the offer, so the offer never remounts */}
      {gateway ? <gateway.Host>{null}</gateway.Host> : null}
    </section>
  );
}
