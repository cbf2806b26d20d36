import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckoutProps } from '../../engine/types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/types.ts';
import { useEngine } from '../../engine/react/context.ts';
import { useStore, useVariant } from '../../engine/react/hooks.ts';
import { formatUsd, planPricing } from '../../engine/core/pricing.ts';
import { purchase, purchaseWithBraintree, type PurchaseOutcome } from '../../engine/payments/checkoutMachine.ts';
import type { CardFormState, PaymentGateway } from '../../engine/payments/port.ts';
import { saveReceipt } from '../../engine/payments/receipt.ts';
import { Screen } from '../ui/Screen.tsx';
import { AlternativeMethods } from './AlternativeMethods.tsx';
import { CardPayment } from './CardPayment.tsx';
import { NeedsSignup } from './NeedsSignup.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { usePurchaseRunner } from './usePurchaseRunner.ts';

/**
 * /checkout: the chosen plan (store.plans.plan, else the variant's default) with its price, the card
 * form of this build's gateway (Stripe, or the sandbox in previews), the alternative methods, and
 * the pay button. The purchase itself is engine/payments/checkoutMachine.ts; success moves on.
 */
export default function CheckoutScreen({ props, next }: ScreenProps<CheckoutProps>) {
  const { snap } = useStore();
  if (!snap.signup.token) return <NeedsSignup onSignup={() => next('needsSignup')} />;
  return <CheckoutPage props={props} next={next} />;
}

function CheckoutPage({ props, next }: Pick<ScreenProps<CheckoutProps>, 'props' | 'next'>) {
  const { t, i18n } = useTranslation();
  const { store, analytics, config, data } = useEngine();
  const { snap } = useStore();
  const { variant } = useVariant();
  const runner = usePurchaseRunner();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const plan = data.plans.plans[snap.plans.plan] ?? data.plans.plans[variant.defaultPlan];

  useEffect(() => {
    store.plans.checkoutVisited = true;
    store.checkout.isFormValid = false;
    analytics.track('checkout_viewed', { plan: plan?.name ?? '' });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per visit

  if (!plan) return null; // the validator guarantees every variant's default plan exists
  const today = planPricing(plan).dueToday;
  const extra = { landing_type: store.plans.landingType };
  const { api, signal } = runner;

  const finish = (outcome: PurchaseOutcome): void => {
    if (outcome.status !== 'succeeded') return;
    saveReceipt(store, plan.name);
    next();
  };
  const payByCard = (gateway: PaymentGateway): void =>
    void runner.run(() => purchase({ api, gateway, store, analytics, signal: signal() }, { plan: plan.name, extra })).then(finish);
  const payWithNonce = (nonce: string): void =>
    void runner.run(() => purchaseWithBraintree({ api, store, analytics, signal: signal() }, { plan: plan.name, nonce, price: today, extra })).then(finish);
  const onFormChange = (state: CardFormState): void => {
    store.checkout.isFormValid = state.valid;
    store.checkout.cardholderName = state.cardholderName;
  };

  return (
    <Screen className="checkout">
      <h1 className="fe-title checkout__title">{t(props.title)}</h1>
      <div className="checkout__columns">
        <OrderSummary plan={plan} language={language} discountLabel={variant.paywall.discountLabel === true} />
        <div className="checkout__pay">
          <CardPayment
            load={runner.loadGateway}
            payLabel={t(props.cta, { price: formatUsd(today, language) })}
            formValid={snap.checkout.isFormValid}
            busy={runner.busy}
            failureText={runner.failureText}
            onFormChange={onFormChange}
            onPay={payByCard}
          />
          <AlternativeMethods preview={config.preview} busy={runner.busy} onNonce={payWithNonce} />
        </div>
      </div>
    </Screen>
  );
}
