import { useCallback, useMemo, useRef, useState } from 'react';
import { currentTranslator, useTexts } from '../react/translator.ts';
import { useEngine } from '../react/context.ts';
import type { BackendContext, SubscriptionApi } from './backend.ts';
import type { PurchaseOutcome } from './checkoutMachine.ts';
import { failureTextKey, type PaymentFailure } from './failures.ts';
import type { PaymentGateway } from './port.ts';
import { gatewayContextOf, type GatewayContext } from './registry.ts';
import { useUnmountSignal } from './useUnmountSignal.ts';
import { yieldToBrowser } from '../react/yieldToBrowser.ts';

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
  /** The last failure, until the next attempt. */
  failure: PaymentFailure | null;
  /** The last failure in the visitor's language, until the next attempt. */
  failureText: string | undefined;
  /** Runs one purchase at a time; resolves with its outcome, or 'busy' when one already runs. */
  run: (purchase: () => Promise<PurchaseOutcome>, options?: RunOptions) => Promise<PurchaseOutcome>;
}

export interface RunOptions {
  /**
   * Whether the purchase starts in the tap itself rather than after the processing page has painted.
   * Only for a purchase whose first step is already asynchronous, the cross-tab claim of a durable
   * purchase (engine/payments/purchaseClaim.ts): the claim is granted while the page paints, and the
   * first call leaves right after the paint instead of after the tasks queued behind it. Any other
   * purchase builds its first request at once, which would hold up the paint (INP).
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

  const run = useCallback(async (purchase: () => Promise<PurchaseOutcome>, options: RunOptions = {}): Promise<PurchaseOutcome> => {
    // the button is disabled while busy; this ref also stops a second click before the re-render
    if (inFlight.current) return { status: 'busy' };
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      // the processing page paints before the purchase builds its first call (nothing is stored or sent yet)
      if (!options.startInTap) await yieldToBrowser();
      const outcome = await purchase();
      if (outcome.status === 'failed') setFailure(outcome.failure);
      return outcome;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  const key = failure ? failureTextKey(failure) : undefined;
  const failureText = failure ? (key ? t(key) : failure.message) : undefined;
  return { api, loadGateway, readyGateway, gatewayContext, settledGatewayContext, signal, busy, failure, failureText, run };
}
