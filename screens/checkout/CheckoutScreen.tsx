import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { CheckoutProps } from '../../engine/types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/types.ts';
import { useEngine } from '../../engine/react/context.ts';
import { useStore, useVariant } from '../../engine/react/hooks.ts';
import { formatUsd, planPricing } from '../../engine/core/pricing.ts';
import { purchase, purchaseWithBraintree, type PurchaseOutcome } from '../../engine/payments/checkoutMachine.ts';
import { isOpenFailure } from '../../engine/payments/failures.ts';
import type { CardFormState, CardProcessor, PaymentGateway } from '../../engine/payments/port.ts';
import type { PurchaseRecord } from '../../engine/payments/purchaseRecord.ts';
import { restoreFromRecord, saveReceipt } from '../../engine/payments/receipt.ts';
import { usePurchaseRecord, useSubscribedRedirect } from '../../engine/payments/usePurchaseRecord.ts';
import { Screen } from '../ui/Screen.tsx';
import { AlternativeMethods } from './AlternativeMethods.tsx';
import { payTexts } from './billingTerms.ts';
import { CardPayment } from './CardPayment.tsx';
import { NeedsSignup } from './NeedsSignup.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { PendingPanel, ProcessingPanel } from './PurchaseStatus.tsx';
import { useCardGateway } from './useCardGateway.ts';
import { usePurchaseRunner } from './usePurchaseRunner.ts';

/** Resuming without a loaded gateway: a 3-D Secure step cannot be shown, the server decides. */
const NO_GATEWAY: CardProcessor = {
  createPaymentMethod: async () => ({ error: { message: '', code: 'gateway_unavailable' } }),
  confirmCardPayment: async () => ({ error: { message: '', code: 'gateway_unavailable' } }),
};

/**
 * /checkout: the chosen plan (store.plans.plan, else the variant's default) with its price, the card
 * form of this build's gateway (Stripe, or the sandbox in previews), the alternative methods, and
 * the pay button. The purchase itself is engine/payments/checkoutMachine.ts; success moves on. A
 * purchase already under way (a reload, Back, another tab) is resumed and shown, never offered again.
 */
export default function CheckoutScreen({ props, next }: ScreenProps<CheckoutProps>) {
  const { store } = useEngine();
  const { snap } = useStore();
  const record = usePurchaseRecord();
  const leaving = useSubscribedRedirect();
  const moved = useRef(false);
  const moveOn = useCallback(() => {
    if (moved.current) return;
    moved.current = true;
    next();
  }, [next]);
  const paid = record?.status === 'succeeded' && !leaving;
  useEffect(() => {
    // paid in another tab, or before a reload: show the result, never the form
    if (!paid || !record) return;
    restoreFromRecord(store, record);
    moveOn();
  }, [paid]); // eslint-disable-line react-hooks/exhaustive-deps -- once the purchase is known paid

  if (leaving || paid) return null;
  if (!snap.signup.token) return record ? <Screen className="checkout"><ProcessingPanel otherTab /></Screen> : <NeedsSignup onSignup={() => next('needsSignup')} />;
  return <CheckoutPage props={props} moveOn={moveOn} open={record} />;
}

interface CheckoutPageProps {
  props: CheckoutProps;
  moveOn: () => void;
  /** The account's purchase under way, if any. */
  open: PurchaseRecord | undefined;
}

function CheckoutPage({ props, moveOn, open }: CheckoutPageProps) {
  const { t, i18n } = useTranslation();
  const { store, analytics, config, data } = useEngine();
  const { snap } = useStore();
  const { variant } = useVariant();
  const { pathname } = useLocation();
  const runner = usePurchaseRunner();
  const gatewayState = useCardGateway(runner.loadGateway);
  const gateway = gatewayState.status === 'ready' ? gatewayState.gateway : undefined;
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const chosen = open?.plan ?? snap.plans.plan;
  const plan = data.plans.plans[chosen] ?? data.plans.plans[variant.defaultPlan];

  useEffect(() => {
    store.plans.checkoutVisited = true;
    store.checkout.isFormValid = false;
    analytics.track('checkout_started', { plan: plan?.name ?? '', value: plan?.periodPrice ?? 0, currency: 'USD' });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per visit

  const { api } = runner;
  const durable = store.signup.email ? { email: store.signup.email, checkoutPath: pathname } : undefined;
  const extra = { landing_type: store.plans.landingType };
  const finish = (outcome: PurchaseOutcome): void => {
    if (outcome.status !== 'succeeded' || !plan) return;
    saveReceipt(store, plan.name);
    moveOn();
  };
  const pay = (processor: CardProcessor): Promise<void> =>
    runner.run(() => purchase({ api, gateway: processor, store, analytics, signal: runner.signal() }, { plan: plan!.name, extra, durable })).then(finish);

  // a purchase under way when the page opened (reload, Back, another tab) is followed to its end
  const resumable = open !== undefined && !runner.busy && runner.failure === null && gatewayState.status !== 'loading';
  useEffect(() => {
    // only the unmount signal stops it: `resumable` turns false as soon as the resume runs
    if (resumable) void pay(gateway ?? NO_GATEWAY);
  }, [resumable]); // eslint-disable-line react-hooks/exhaustive-deps -- one resume per chance

  if (!plan) return null; // the validator guarantees every variant's default plan exists
  const today = planPricing(plan).dueToday;
  const texts = payTexts(t, plan, language, t(props.cta, { price: formatUsd(today, language) }));
  const payWithNonce = (nonce: string): void =>
    void runner.run(() => purchaseWithBraintree({ api, store, analytics, signal: runner.signal() }, { plan: plan.name, nonce, price: today, extra, durable })).then(finish);
  const onFormChange = (state: CardFormState): void => {
    store.checkout.isFormValid = state.valid;
    store.checkout.cardholderName = state.cardholderName;
  };
  const failure = runner.failure;
  const stillOpen = open !== undefined && failure !== null && isOpenFailure(failure);

  // while the machine runs, its opaque checkout loader covers the page and the gateway's dialogs sit above it
  let payment;
  if (stillOpen) {
    payment = <PendingPanel text={runner.failureText ?? ''} pending={failure.kind === 'pending'} onRetry={() => void pay(gateway ?? NO_GATEWAY)} />;
  } else if (open !== undefined && !runner.busy) {
    payment = <ProcessingPanel />;
  }
  return (
    <Screen className="checkout" wide>
      <h1 className="fe-title checkout__title">{t(props.title)}</h1>
      <div className="checkout__columns">
        <OrderSummary plan={plan} language={language} discountLabel={variant.paywall.discountLabel === true} />
        <div className="checkout__pay">
          {payment}
          {/* the form stays mounted when hidden: the gateway's host must stay for a 3-D Secure step */}
          <div className="checkout__form" hidden={payment !== undefined}>
            <CardPayment
              state={gatewayState}
              payLabel={texts.cta}
              due={texts.due}
              terms={texts.terms}
              formValid={snap.checkout.isFormValid}
              busy={runner.busy}
              failure={failure && !isOpenFailure(failure) ? { text: runner.failureText ?? '', decline: failure.kind !== 'refused' } : undefined}
              onFormChange={onFormChange}
              onPay={(g: PaymentGateway) => void pay(g)}
            />
            <AlternativeMethods preview={config.preview} busy={runner.busy} onNonce={payWithNonce} />
          </div>
        </div>
      </div>
    </Screen>
  );
}
