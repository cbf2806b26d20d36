import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { currentTranslator, useTexts } from '../react/translator.ts';
import { useEngine } from '../react/context.ts';
import type { BackendContext, SubscriptionApi } from './backend.ts';
import type { PurchaseOutcome } from './checkoutMachine.ts';
import { failureTextKey, type PaymentFailure } from './failures.ts';
import type { PaymentGateway } from './port.ts';
import { gatewayContextOf, type GatewayContext } from './registry.ts';
import { useUnmountSignal } from './useUnmountSignal.ts';
import { connectClaims } from './purchaseClaim.ts';
import { whenIdle, yieldToBrowser } from '../react/yieldToBrowser.ts';

export interface PurchaseRunner {
  api: SubscriptionApi;
  /** Loads this build's card gateway (fetching the payment settings first if signup could not). */
  loadGateway: () => Promise<PaymentGateway>;
  /** The card gateway at once when it is already loaded and the payment settings are here (else undefined: loadGateway). */
  readyGateway: () => PaymentGateway | undefined;
  /** What the gateway registrations decide on (build, keys, language). */
  gatewayContext: () => GatewayContext;
  /** The same, once the payment settings have arrived (fetched again if signup could not get them). */
  settledGatewayContext: () => Promise<GatewayContext>;
  /** Aborted when the screen unmounts. */
  signal: () => AbortSignal | undefined;
  busy: boolean;
  /** How many runs have ended: a screen that follows a purchase under way looks again after each. */
  ended: number;
  /** The last failure, until the next attempt. */
  failure: PaymentFailure | null;
  /** The last failure in the visitor's language, until the next attempt. */
  failureText: string | undefined;
  /**
   * Runs one purchase at a time; resolves with its outcome, or 'busy' when one already runs. The
   * purchase is handed `underWay`, for a purchase started in the tap to call once its first call has left.
   */
  run: (purchase: (underWay: () => void) => Promise<PurchaseOutcome>, options?: RunOptions) => Promise<PurchaseOutcome>;
}

export interface RunOptions {
  /**
   * Whether the purchase starts in the tap itself, and the processing page renders once it calls
   * `underWay`, rather than the page painting before the purchase starts. Only for a purchase whose
   * first step is already asynchronous, the cross-tab claim of a durable purchase
   * (engine/payments/purchaseClaim.ts, CheckoutDeps' `onUnderWay`): the claim is granted in a task of
   * its own, the first call has left by then (a new card's tokenisation leaves in the tap itself), and
   * the processing page renders while that call is out instead of in front of it. Any other purchase builds its first request at once, which would hold
   * up the paint (INP), so its page paints first.
   */
  startInTap?: boolean;
}

/** What the checkout and the upsell share: the backend's payment calls, the gateway loader, and one purchase at a time. */
export function usePurchaseRunner(): PurchaseRunner {
  const { t } = useTexts();
  const { store, analytics, config, gateways, backend } = useEngine();
  const context = useMemo((): BackendContext => ({ store, config, analytics }), [store, config, analytics]);
  const api = useMemo(() => backend.subscriptions(context), [backend, context]);
  const signal = useUnmountSignal();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [ended, setEnded] = useState(0);
  // a purchase's first step is its claim across tabs: the lock service is connected before Pay, at
  // an idle moment (not in the task that renders the checkout)
  useEffect(() => whenIdle(() => connectClaims()), []);

  const gatewayContext = useCallback((): GatewayContext => gatewayContextOf({ config, store }, () => currentTranslator().language), [store, config]);
  const settledGatewayContext = useCallback(async (): Promise<GatewayContext> => {
    // the settings may still be on their way from the signup, or have failed there (three tries):
    // wait for them, or try again, before the form needs the key
    if (!store.signup.publishableKey) await backend.loadPaymentSettings(context);
    return gatewayContext();
  }, [store, backend, context, gatewayContext]);
  const loadGateway = useCallback(async (): Promise<PaymentGateway> => gateways.cardGateway(await settledGatewayContext()), [settledGatewayContext, gateways]);
  const readyGateway = useCallback(
    (): PaymentGateway | undefined => (store.signup.publishableKey ? gateways.readyCardGateway(gatewayContext()) : undefined),
    [store, gateways, gatewayContext],
  );

  const run = useCallback(async (purchase: (underWay: () => void) => Promise<PurchaseOutcome>, options: RunOptions = {}): Promise<PurchaseOutcome> => {
    // the button is disabled while busy; this ref also stops a second click before the re-render
    if (inFlight.current) return { status: 'busy' };
    inFlight.current = true;
    let shown = false;
    const show = (): void => {
      shown = true;
      setBusy(true);
      setFailure(null);
    };
    // rendered at once, outside React's event: a render that shows the purchase's record (written as
    // the claim is held) must already see the page busy, or the checkout would take it for one to resume
    const underWay = (): void => {
      if (!shown) flushSync(show);
    };
    if (!options.startInTap) show();
    try {
      // the processing page paints before the purchase builds its first call (nothing is stored or sent yet)
      if (!options.startInTap) await yieldToBrowser();
      const outcome = await purchase(underWay);
      if (outcome.status === 'failed') setFailure(outcome.failure);
      else if (!shown) setFailure(null);
      return outcome;
    } finally {
      inFlight.current = false;
      setBusy(false);
      setEnded((n) => n + 1);
    }
  }, []);

  const key = failure ? failureTextKey(failure) : undefined;
  const failureText = failure ? (key ? t(key, failure.textValues) : failure.message) : undefined;
  return { api, loadGateway, readyGateway, gatewayContext, settledGatewayContext, signal, busy, ended, failure, failureText, run };
}
