import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { CheckoutProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import { gatewayContextOf } from '../../engine/payments/gateways.ts';
import { useEngine, useTexts } from '../../engine/react/index.ts';
import { useCatalogue, useVariant } from '../../engine/react/index.ts';
import { useStore } from '../product/hooks.ts';
import { planPricing, sellablePlan } from '../../engine/index.ts';
import { purchase, purchaseEnded, purchaseWithBraintree, startsWithClaim, type PurchaseOutcome } from '../../engine/payments/index.ts';
import { isOpenFailure } from '../../engine/payments/index.ts';
import type { CardFormState, PaymentGateway, PaymentMethod, PaymentMethodResult, PaymentProcessor } from '../../engine/payments/index.ts';
import type { PurchaseRecord } from '../../engine/payments/index.ts';
import { restoreFromRecord, saveReceipt, type PaidWith } from '../../engine/payments/index.ts';
import { browserHints, threeDSecurePolicy } from '../../engine/payments/index.ts';
import { usePurchaseRecord, useSubscribedRedirect } from '../../engine/payments/index.ts';
import { accountMismatch, purchaseAccountOf, useOtherTabPurchase } from '../../engine/payments/index.ts';
import { AccountMismatchPanel } from './AccountMismatchPanel.tsx';
import { Screen } from '../ui/Screen.tsx';
import { PaymentProcessing } from '../ui/PaymentProcessing.tsx';
import { moneyBackText, planNameText } from '../ui/planNames.ts';
import { payTexts, recurringText, useLocale } from '../ui/priceTexts.ts';
import { AlternativeMethods, useAlternativeMethods } from './AlternativeMethods.tsx';
import { ExpressMethods } from './ExpressMethods.tsx';
import { CardPayment } from './CardPayment.tsx';
import { NeedsSignup } from './NeedsSignup.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { planDiscounts } from '../product/discounts.ts';
import { PendingPanel, ProcessingPanel } from './PurchaseStatus.tsx';
import { useCardGateway, usePurchaseRunner } from '../../engine/payments/index.ts';
import { WalletPayment } from './WalletPayment.tsx';
import { specProduct } from '../../engine/index.ts';
import { purchaseAttribution } from '../analytics/attribution.ts';

/** The merchant account's country, which the wallet sheet needs (the payment settings do not carry it). */
const MERCHANT_COUNTRY = 'US';

/**
 * Resuming without a loaded gateway: a 3-D Secure step cannot be shown, the server decides. The
 * purchase is posted again with the backend id of the card registration it was paid through
 * (`backendId`, from the registry: screens/payments/gateways.ts), as that gateway sent it.
 */
const standInGateway = (backendId: string): PaymentProcessor & { backendId: string } => ({
  backendId,
  createPaymentMethod: async () => ({ error: { message: '', code: 'gateway_unavailable' } }),
  confirmPayment: async () => ({ error: { message: '', code: 'gateway_unavailable' } }),
});

/**
 * /checkout: the chosen plan (store.plans.plan, else the variant's default) with its price, the
 * wallet (Apple Pay / Google Pay) when the browser offers one, the card form of this build's gateway
 * (Stripe, or the sandbox in previews), the alternative methods, and the pay button. The purchase itself is engine/payments/checkoutMachine.ts; success moves on. A
 * purchase already under way (a reload, Back, another tab) is resumed and shown, never offered again.
 */
/** While the visitor reads the step before, the code of the ways to pay this checkout will offer, and of the backend's payment calls, downloads. */
export const prefetch: ScreenPrefetch<CheckoutProps> = (_props, engine) => {
  engine.gateways.prefetch(gatewayContextOf(engine, () => document.documentElement.lang));
  void engine.backend.preload?.().catch(() => {});
};

/**
 * Its render only reads (the purchase under way too), so the engine may lay it out ahead while the step
 * before is read. It is not `preparable`: rendered early and shown later, it would show the purchase as it was then.
 */
export const warmable = true;

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

  const [mismatchAccepted, setMismatchAccepted] = useState(false);
  if (leaving || paid) return null;
  const mismatch = accountMismatch(snap.signup);
  if (mismatch && !mismatchAccepted && !record) return <AccountMismatchPanel mismatch={mismatch} onPayHere={() => setMismatchAccepted(true)} />;
  if (!snap.signup.token)
    return record ? (
      <Screen className="checkout">
        <ProcessingPanel otherTab />
      </Screen>
    ) : (
      <NeedsSignup onSignup={() => next('needsSignup')} />
    );
  return <CheckoutPage props={props} moveOn={moveOn} open={record} />;
}

/** The way to pay a purchase was started with: its failure is shown beside that way's button. */
type PaidBy = 'card' | 'wallet' | 'alternative';

interface CheckoutPageProps {
  props: CheckoutProps;
  moveOn: () => void;
  /** The account's purchase under way, if any. */
  open: PurchaseRecord | undefined;
}

function CheckoutPage({ props, moveOn, open }: CheckoutPageProps) {
  const { t } = useTexts();
  const { store, analytics, data, gateways } = useEngine();
  const { snap } = useStore();
  const { variant } = useVariant();
  const { catalogue, currency } = useCatalogue();
  const { pathname } = useLocation();
  const runner = usePurchaseRunner();
  const gatewayState = useCardGateway(runner.loadGateway, runner.readyGateway);
  const gateway = gatewayState.status === 'ready' ? gatewayState.gateway : undefined;
  const format = useLocale();
  // one moment for every date the terms name (a trial's end), so they agree with each other
  const [now] = useState(() => new Date());
  // only what the variant sells: any other stored plan falls back to the variant's default
  const plan = sellablePlan(variant, catalogue, open?.plan ?? snap.plans.plan);
  // set by each tap; a purchase resumed after a reload was started with PayPal when it names its gateway
  const [paidBy, setPaidBy] = useState<PaidBy>(open?.gateway !== undefined ? 'alternative' : 'card');
  const alternatives = useAlternativeMethods(runner.settledGatewayContext);

  useEffect(() => {
    store.plans.checkoutVisited = true;
    store.checkout.isFormValid = false;
    const value = plan?.periodPrice ?? 0;
    analytics.track('Checkout Started', {
      value,
      revenue: value,
      currency,
      products: plan ? [specProduct(plan.name, value)] : [],
      plan: plan?.name ?? '',
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per visit

  const { api } = runner;
  const account = purchaseAccountOf(snap.signup);
  const other = useOtherTabPurchase(account);
  const durable = account ? { account, checkoutPath: pathname } : undefined;
  // with the backend's attribution for server-side conversions (screens/analytics/attribution.ts), read when paying
  const extra = () => ({ landing_type: store.plans.landingType, attribution: purchaseAttribution(store) });
  const finish = (outcome: PurchaseOutcome, paidWith?: PaidWith): void => {
    // another tab holds this account's purchase: show it, and its outcome, instead of a Pay button
    if (outcome.status === 'elsewhere') other.follow();
    if (outcome.status !== 'succeeded' || !plan) return;
    saveReceipt(store, plan.name, false, paidWith);
    moveOn();
  };
  // 3-D Secure for EU customers when the payment settings ask for it, decided per payment method once it
  // is created (the browser's hints cost a time zone lookup: not on every render, nor in the Pay tap)
  const threeDSecure = (method: PaymentMethod): boolean => threeDSecurePolicy(store.signup.force3ds, browserHints())(method);
  // Segment's Payment Info Entered: the visitor handed over a way to pay (card, wallet sheet, PayPal)
  const paymentInfoEntered = (method: string): void =>
    analytics.track('Payment Info Entered', { payment_method: method, plan: plan?.name ?? '', value: plan?.periodPrice ?? 0, currency });
  const pay = (processor: PaymentProcessor & { backendId: string }, paymentMethod?: PaymentMethodResult, resumeOnly = false): Promise<void> => {
    other.dismiss();
    const running = runner.run(
      (underWay) =>
        purchase(
          { api, gateway: processor, store, analytics, signal: runner.signal(), onUnderWay: underWay },
          { plan: plan!.name, extra: extra(), durable, paymentMethod, threeDSecure, resumeOnly },
        ),
      // a purchase that starts with the cross-tab claim: its processing page renders once the claim is held, its first call out
      { startInTap: startsWithClaim({ durable }) },
    );
    // once the claim is asked for, so that its grant comes back while the tap's handler goes on
    if (!resumeOnly) paymentInfoEntered(paymentMethod ? 'wallet' : 'card');
    return running.then((outcome) => finish(outcome));
  };

  // PayPal's approval as a Braintree purchase (an open one of the account is posted again as it was)
  const payWithNonce = (nonce: string, gateway: string, resumeOnly = false): Promise<void> => {
    other.dismiss();
    const running = runner.run(
      (underWay) =>
        purchaseWithBraintree(
          { api, store, analytics, signal: runner.signal(), onUnderWay: underWay },
          { plan: plan!.name, gateway, nonce, price: planPricing(plan!).dueToday, extra: extra(), durable, resumeOnly },
        ),
      { startInTap: startsWithClaim({ durable }) },
    );
    if (!resumeOnly) paymentInfoEntered('paypal');
    return running.then((outcome) => finish(outcome, 'paypal'));
  };
  // the purchase under way, by the way it was started, once the run this screen takes over from has
  // ended (Back unmounts the screen during a call: that run records the call's answer before it stops)
  const resume = async (): Promise<void> => {
    await purchaseEnded(store);
    if (open?.gateway !== undefined) return payWithNonce(open.nonce ?? '', open.gateway, true);
    if (gateway) return pay(gateway, undefined, true);
    // a card purchase needs a card registration; a product without one has no card purchase to resume
    const backendId = gateways.cardBackendId(runner.gatewayContext());
    return backendId === undefined ? undefined : pay(standInGateway(backendId), undefined, true);
  };

  // a purchase under way when the page opened (reload, Back, another tab) is followed to its end
  const resumable =
    open !== undefined && !other.elsewhere && !runner.busy && runner.failure === null && (open.gateway !== undefined || gatewayState.status !== 'loading');
  useEffect(() => {
    // only the unmount signal stops it; a run that ended without an outcome here (another tab held the
    // claim, and has let go since) gives another chance
    if (resumable) void resume();
  }, [resumable, runner.ended]); // eslint-disable-line react-hooks/exhaustive-deps -- one resume per chance

  // the same objects from render to render (the Pay tap's busy render, a change of the form's
  // validity): the order summary, memoised, is not rendered again, nor are its texts translated again
  const discount = useMemo(
    () => (plan && variant.paywall.discountLabel ? planDiscounts([plan], data.landings, catalogue).get(plan.name) : undefined),
    [plan, variant, data, catalogue],
  );
  const texts = useMemo(
    () => (plan ? payTexts(t, plan, format, t(props.cta, { price: format.money(planPricing(plan).dueToday) }), now) : undefined),
    [t, plan, format, props.cta, now],
  );

  const failure = runner.failure;
  const failureText = runner.failureText;
  const { failedElsewhere } = other;
  const finalFailure = failure && !isOpenFailure(failure) ? failure : null;
  // one object per failure: the card section focuses each new one (CardPayment)
  const cardFailure = useMemo(
    () =>
      finalFailure && paidBy === 'card'
        ? { text: failureText ?? '', decline: finalFailure.kind !== 'refused' }
        : failedElsewhere
          ? { text: t('checkout.otherTab.failed'), decline: false }
          : undefined,
    [finalFailure, paidBy, failureText, failedElsewhere, t],
  );
  // a wallet's or PayPal's failure stays beside its own button: the card form is left as it was. Shown
  // once the processing overlay is gone, which holds the page's scroll while it covers it: the failure
  // scrolls itself into sight (MethodFailure)
  const settledFailure = runner.busy ? null : finalFailure;
  const walletFailure =
    settledFailure && paidBy === 'wallet' ? `${failureText ?? ''}${settledFailure.kind !== 'refused' ? ` ${t('payments.wallet.tryAnother')}` : ''}` : undefined;
  const alternativeFailure = settledFailure && paidBy === 'alternative' ? failureText : undefined;

  if (!plan || !texts) return null; // the validator guarantees every variant's default plan exists
  const today = planPricing(plan).dueToday;
  const onFormChange = (state: CardFormState): void => {
    store.checkout.isFormValid = state.valid;
    store.checkout.cardholderName = state.cardholderName;
  };
  const wallet = (g: PaymentGateway) =>
    g.wallet ? (
      <WalletPayment
        wallet={g.wallet}
        charge={{
          label: planNameText(t, plan, format),
          amountToday: today,
          currency,
          recurring: recurringText(t, plan, format, now),
          country: MERCHANT_COUNTRY,
        }}
        busy={runner.busy}
        onMethod={(method) => {
          setPaidBy('wallet');
          void pay(g, method);
        }}
        onCancel={() => analytics.track('wallet_cancelled', { plan: plan.name, gateway: g.id })}
        failure={walletFailure}
      />
    ) : null;
  const express = (g: PaymentGateway | undefined) => (
    <ExpressMethods>
      {g ? wallet(g) : null}
      <AlternativeMethods
        methods={alternatives}
        busy={runner.busy}
        failure={alternativeFailure}
        onNonce={(nonce, method) => {
          setPaidBy('alternative');
          void payWithNonce(nonce, method);
        }}
        onCancel={(method) => analytics.track('alternative_cancelled', { plan: plan.name, method })}
      />
    </ExpressMethods>
  );
  const stillOpen = open !== undefined && failure !== null && isOpenFailure(failure);

  // while the machine runs, its opaque checkout loader covers the page and the gateway's dialogs sit above it
  let payment;
  if (other.elsewhere) {
    // another tab's purchase of this account (claimed there, maybe still being tokenised): its outcome follows
    payment = <ProcessingPanel otherTab />;
  } else if (stillOpen) {
    payment = <PendingPanel text={runner.failureText ?? ''} pending={failure.kind === 'pending'} onRetry={() => void resume()} />;
  } else if (open !== undefined) {
    // also while the purchase runs (a resume after a reload, or one just started): never a Pay button beside it
    payment = <ProcessingPanel />;
  }
  return (
    <Screen className="checkout" wide>
      <PaymentProcessing shown={runner.busy} />
      <h1 className="fe-title checkout__title">{t(props.title)}</h1>
      <div className="checkout__columns">
        <OrderSummary plan={plan} format={format} discount={discount} now={now} />
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
              failure={cardFailure}
              guarantee={variant.paywall.moneyBackDays ? moneyBackText(t, variant.paywall.moneyBackDays, format) : undefined}
              onFormChange={onFormChange}
              onPay={(g: PaymentGateway) => {
                setPaidBy('card');
                void pay(g);
              }}
              express={express}
            />
          </div>
        </div>
      </div>
    </Screen>
  );
}
