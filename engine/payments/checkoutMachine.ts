/**
 * The checkout machine (DESIGN.md section 7): a React-free async function with the API, the gateway,
 * analytics, the store and the clock injected. It owns what surrounds a purchase: the in-flight guard
 * (a second click never starts a second purchase), the checkout loader (always off at the end), the
 * store fields of spec section 3 and the analytics events of spec sections 4 and 8.
 */
import type { Analytics } from '../core/analytics.ts';
import { orderCompleted } from '../core/ecommerce.ts';
import { visitorCurrency } from '../core/currency.ts';
import { hideError, setLoader, type FunnelState } from '../core/store.ts';
import { runCardFlow, type CardFlowResult } from './cardFlow.ts';
import { isOpenFailure, reportFailure, type PaymentFailure } from './failures.ts';
import { AbortedError, realClock, type Clock, type PollLimits } from './polling.ts';
import { applyPaidResult, ownPaymentMethod } from './paidResult.ts';
import { markConfirmed } from './serverConfirmation.ts';
import type { PaymentMethod, PaymentMethodResult, PaymentProcessor } from './port.ts';
import type { SubscriptionApi } from './backend.ts';
import { clearPurchaseRecord, isUnsent, readPurchaseRecord, updatePurchaseRecord, writePurchaseRecord, type PurchaseRecord } from './purchaseRecord.ts';
import { runClaimed, type ClaimEnv } from './purchaseClaim.ts';

export interface CheckoutDeps {
  api: SubscriptionApi;
  /** The card gateway, with the id its registration sends to the backend (engine/payments/registry.ts). */
  gateway: PaymentProcessor & { backendId: string };
  store: FunnelState;
  analytics: Analytics;
  clock?: Clock;
  /** A fresh id per purchase attempt (fb_event_id). */
  newEventId?: () => string;
  /** Aborted when the screen unmounts: polling stops, nothing is shown. */
  signal?: AbortSignal;
  limits?: PollLimits;
  /** The cross-tab claim's environment (tests); the browser's by default. */
  claims?: ClaimEnv;
  /**
   * Told once the purchase is under way: at once, or for a durable purchase once it holds the claim
   * and its first call has left (the processing page then renders while that call is out).
   */
  onUnderWay?: () => void;
}

/** Where a durable purchase is recorded: the account it is charged to and the checkout it started on. */
export interface DurablePurchase {
  /** The account key (./account.ts `purchaseAccountOf`): the tab's access token's account. */
  account: string;
  checkoutPath: string;
}

export interface PurchaseRequest {
  /** The plan name (a key of flows/plans.json, or the upsell product). */
  plan: string;
  coupon?: string;
  /** Buy the upsell add-on: sends the upsell marker and fills store.checkout.upsellData. */
  upsell?: boolean;
  /** The product's extra fields sent with the subscription call (the backend adapter passes them on). */
  extra?: Record<string, unknown>;
  /**
   * Make the purchase durable (engine/payments/purchaseRecord.ts): recorded for this account before the
   * subscription call; an open purchase of the account is resumed (same key, event id and payment
   * method) instead of starting another, and a succeeded one answers its result without a new charge.
   */
  durable?: DurablePurchase;
  /** Only follow the account's purchase under way (a reload, Back, another tab's): never start one. */
  resumeOnly?: boolean;
  /** What a wallet sheet just gave (a payment method, or the wallet card's refusal): used instead of the card form. */
  paymentMethod?: PaymentMethodResult;
  /** Whether to ask for 3-D Secure, decided from the new payment method (./threeDSecure.ts). */
  threeDSecure?: (method: PaymentMethod) => boolean;
  /** The attempt's ids, stored by the caller before the call (the upsell): a resumed attempt sends them again. */
  attempt?: PurchaseAttemptIds;
}

/** The ids that make a repeated call the same purchase: the Idempotency-Key and fb_event_id. */
export interface PurchaseAttemptIds {
  idempotencyKey: string;
  fbEventId: string;
}

export type PurchaseOutcome =
  | { status: 'succeeded'; subscriptionId: string; finalPrice: number; regularPrice: number }
  | { status: 'failed'; failure: PaymentFailure }
  | { status: 'silent' }
  | { status: 'aborted' }
  /** Another purchase is already running on this store: nothing was started. */
  | { status: 'busy' }
  /** Another tab holds the account's purchase: nothing was started here; its record tells how it goes. */
  | { status: 'elsewhere' }
  /** Only following was asked, and no purchase of the account is under way. */
  | { status: 'none' };

/** The purchase running on each store, settled (never rejected) when it ends. */
const running = new WeakMap<FunnelState, Promise<void>>();

/** True while a purchase runs on this store. */
export function isPurchaseRunning(store: FunnelState): boolean {
  return running.has(store);
}

/**
 * Resolves once no purchase runs on this store. A screen that takes over a purchase under way (Back, or
 * a remount) waits for the one its previous screen started: that one records how far it got (the
 * polling id) before it stops, so the resume polls instead of posting again.
 */
export async function purchaseEnded(store: FunnelState): Promise<void> {
  for (let current = running.get(store); current; current = running.get(store)) await current;
}

/** A random id for fb_event_id. */
export function randomEventId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

export interface SettleContext {
  store: FunnelState;
  analytics: Analytics;
  plan: string;
  upsell: boolean;
  /** The backend's id of the gateway that paid (analytics' `gateway`). */
  gateway: string;
  fbEventId: string;
  /** The currency the purchase was charged in (Order Completed's `currency`). */
  currency: string;
}

/** Writes a result into the store and logs it. */
export function settle(ctx: SettleContext, result: CardFlowResult): PurchaseOutcome {
  const { store, analytics, plan, upsell, gateway } = ctx;
  if (result.status === 'silent') return result;
  if (result.status === 'failed') {
    if (upsell) store.checkout.upsellData.success = false;
    else store.checkout.isSuccess = false;
    reportFailure(store, analytics, result.failure, { eventName: upsell ? 'upsell_failed' : 'purchase_failed', plan, gateway });
    return result;
  }
  const { subscriptionId, finalPrice, regularPrice } = result;
  if (upsell) {
    store.checkout.upsellData = { success: true, finalPrice, regularPrice };
  } else {
    applyPaidResult(store, { subscriptionId, finalPrice, regularPrice }, result.paymentMethodId);
    // the server's own answer: the success step shows it without asking again
    markConfirmed(store, subscriptionId);
  }
  // Segment's Order Completed (a plan or the upsell); event_id is the subscription call's fb_event_id, so
  // the pixel's Purchase and the server's Conversions API event de-duplicate
  analytics.track(
    'Order Completed',
    orderCompleted({ plan, subscriptionId, finalPrice, regularPrice, currency: ctx.currency, gateway, upsell, eventId: ctx.fbEventId }),
  );
  return { status: 'succeeded', subscriptionId, finalPrice, regularPrice };
}

/**
 * The durable part of a purchase request: an account's purchase other than the upsell, which is
 * claimed across tabs and recorded before its calls; undefined for any other.
 */
export const durableOf = (request: { durable?: DurablePurchase; upsell?: boolean }): DurablePurchase | undefined =>
  request.upsell === true ? undefined : request.durable;

/**
 * Whether a purchase's first step is the claim across tabs (asynchronous: a Web Lock, else a lease
 * read back after a pause), so it can start in the tap itself and show its processing page once under
 * way (usePurchaseRunner's `startInTap`, CheckoutDeps' `onUnderWay`).
 */
export const startsWithClaim = (request: { durable?: DurablePurchase; upsell?: boolean }): boolean => durableOf(request) !== undefined;

/**
 * Buys a plan (or the upsell) by card or wallet. A durable purchase takes the account's claim in every
 * tab of the browser (./purchaseClaim.ts) and records itself before its subscription call: of two tabs
 * pressing Pay at once, one buys and the other answers 'elsewhere' (its card may have been tokenised
 * meanwhile: `tokenisedAhead`).
 * @example const outcome = await purchase({ api, gateway, store, analytics }, { plan: 'gz-3-month-fox' }); if (outcome.status === 'succeeded') next();
 */
export function purchase(deps: CheckoutDeps, request: PurchaseRequest): Promise<PurchaseOutcome> {
  const { store } = deps;
  const tokenising = tokenisedAhead(deps, request);
  return guardedPurchase(deps, durableOf(request), async (durable) => {
    if (!durable) return buyByCard(deps, request, undefined, undefined);
    const open = openPurchase(durable.account, request);
    if (open === 'none') return { status: 'none' };
    if (open?.status === 'succeeded' && open.result) return settleKnown(store, open);
    // a purchase recorded meanwhile (another tab's, let go) goes on with its own payment method
    return buyByCard(deps, request, durable, open, open ? undefined : tokenising);
  });
}

/**
 * The card of a new durable purchase is tokenised at once, in the Pay tap, while the claim is asked
 * for: tokenising charges nothing, and the call that charges is still made only under the claim, once
 * the purchase is recorded. A tab refused the claim drops the payment method unused. Undefined (the
 * card is tokenised under the claim, or not at all) for any other purchase: a wallet's payment method,
 * a resume, one already running on this store, or an account with a purchase recorded.
 */
function tokenisedAhead(deps: CheckoutDeps, request: PurchaseRequest): Promise<PaymentMethodResult> | undefined {
  const durable = durableOf(request);
  if (!durable || request.resumeOnly || request.paymentMethod || running.has(deps.store) || readPurchaseRecord(durable.account)) return undefined;
  // a gateway that throws at once fails the purchase as one that rejects does
  const created = (async () => deps.gateway.createPaymentMethod({ billingName: deps.store.checkout.cardholderName.trim() }))();
  created.catch(() => {}); // read only by a purchase that holds the claim
  return created;
}

/**
 * Runs a purchase once per store at a time ('busy' while one runs), with the checkout loader always
 * off at the end. A durable purchase runs holding the account's claim ('elsewhere' when another tab
 * holds it), and its loader goes on, and `onUnderWay` is told, once it holds the claim and `work` has
 * run up to its first wait (its first call has left); any other purchase's at once.
 * @example return guardedPurchase(deps, durableOf(request), (durable) => buy(durable));
 */
export async function guardedPurchase(
  deps: Pick<CheckoutDeps, 'store' | 'claims' | 'onUnderWay'>,
  durable: DurablePurchase | undefined,
  work: (durable: DurablePurchase | undefined) => Promise<PurchaseOutcome>,
): Promise<PurchaseOutcome> {
  const { store } = deps;
  if (running.has(store)) return { status: 'busy' };
  let ended!: () => void;
  running.set(store, new Promise<void>((resolve) => (ended = resolve)));
  const underWay = (): void => {
    setLoader(store, true, 'checkout', true);
    deps.onUnderWay?.();
  };
  hideError(store);
  try {
    if (!durable) {
      underWay();
      return await work(undefined);
    }
    const claim = await runClaimed(
      durable.account,
      () => {
        const bought = work(durable);
        underWay();
        return bought;
      },
      deps.claims,
    );
    return claim.claimed ? claim.value : { status: 'elsewhere' };
  } catch (error) {
    if (error instanceof AbortedError) return { status: 'aborted' };
    throw error;
  } finally {
    running.delete(store);
    ended();
    setLoader(store, false);
  }
}

/**
 * The account's purchase to continue, read while holding the claim: undefined to start a new one,
 * 'none' when the request only follows a purchase and there is none. A record of a purchase never
 * sent is dropped (its tab went away while the card was tokenised: nothing was charged).
 */
export function openPurchase(account: string, request: Pick<PurchaseRequest, 'resumeOnly'>): PurchaseRecord | 'none' | undefined {
  let open = readPurchaseRecord(account);
  if (open && open.status !== 'succeeded' && isUnsent(open)) {
    clearPurchaseRecord(account);
    open = undefined;
  }
  return !open && request.resumeOnly ? 'none' : open;
}

async function buyByCard(
  deps: CheckoutDeps,
  request: PurchaseRequest,
  durable: DurablePurchase | undefined,
  open: PurchaseRecord | undefined,
  tokenising?: Promise<PaymentMethodResult>,
): Promise<PurchaseOutcome> {
  const { store } = deps;
  const upsell = request.upsell === true;
  const clock = deps.clock ?? realClock;
  const plan = open?.plan ?? request.plan;
  const fbEventId = open?.fbEventId ?? request.attempt?.fbEventId ?? (deps.newEventId ?? randomEventId)();
  const idempotencyKey = open?.idempotencyKey ?? request.attempt?.idempotencyKey ?? (durable || upsell ? randomEventId() : undefined);
  const reused = upsell ? ownPaymentMethod(store) : '';
  if (upsell && !open && !reused) {
    // the upsell charges the payment method the plan was just paid with, and only its own account's
    return settle(
      { store, analytics: deps.analytics, plan, upsell, gateway: deps.gateway.backendId, fbEventId, currency: visitorCurrency(store.plans) },
      { status: 'failed', failure: { kind: 'refused' } },
    );
  }
  if (durable && !open) {
    // as soon as it is claimed, before the subscription call: every tab sees the purchase from now on
    writePurchaseRecord({
      account: durable.account,
      plan,
      idempotencyKey: idempotencyKey!,
      fbEventId,
      paymentMethodId: '',
      pollingId: '',
      startedAt: clock.now(),
      status: 'processing',
      checkoutPath: durable.checkoutPath,
      successPath: '',
    });
  }
  const result = await runCardFlow(
    { api: deps.api, gateway: deps.gateway, clock, signal: deps.signal, limits: deps.limits },
    {
      plan,
      billingName: store.checkout.cardholderName.trim(),
      coupon: request.coupon ?? '',
      fbEventId,
      paymentMethodId: open?.paymentMethodId || reused || undefined,
      paymentMethod: upsell ? undefined : (tokenising ?? request.paymentMethod),
      // the upsell charges the method just authenticated; a resumed purchase repeats its decision
      threeDSecure: open ? open.threeDSecure === true : upsell ? false : request.threeDSecure,
      pollingId: open?.pollingId || undefined,
      upsell,
      currency: visitorCurrency(store.plans),
      extra: request.extra ?? {},
      idempotencyKey,
      onPaymentMethod: (paymentMethodId, threeDSecure) => {
        if (durable && !open) updatePurchaseRecord(durable.account, { paymentMethodId, threeDSecure });
      },
      onPollingId: (pollingId) => durable && updatePurchaseRecord(durable.account, { pollingId }),
    },
  );
  if (durable) keepRecord(durable.account, result);
  return settle({ store, analytics: deps.analytics, plan, upsell, gateway: deps.gateway.backendId, fbEventId, currency: visitorCurrency(store.plans) }, result);
}

/** The record after a purchase: the result on success, kept while the outcome is open, dropped after a final failure. */
export function keepRecord(account: string, result: CardFlowResult): void {
  if (result.status === 'succeeded') {
    const { subscriptionId, finalPrice, regularPrice } = result;
    updatePurchaseRecord(account, { status: 'succeeded', result: { subscriptionId, finalPrice, regularPrice } });
  } else if (result.status === 'silent' || !isOpenFailure(result.failure)) {
    clearPurchaseRecord(account);
  }
}

/** A purchase that already succeeded (another tab, or before a reload): its result, no new charge. */
export function settleKnown(store: FunnelState, record: PurchaseRecord): PurchaseOutcome {
  const { subscriptionId, finalPrice, regularPrice } = record.result!;
  if (store.checkout.id !== subscriptionId) applyPaidResult(store, record.result!, record.paymentMethodId);
  return { status: 'succeeded', subscriptionId, finalPrice, regularPrice };
}
