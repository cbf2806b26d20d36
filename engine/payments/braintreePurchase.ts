/**
 * A purchase through the Braintree portal (spec section 4 "Alternative path", section 7 call 5): post;
 * errors are shown ("An error has occurred" when the failure has no body); otherwise success with
 * subscription_id. Like the card path it is durable: the attempt (plan, nonce, Idempotency-Key,
 * fb_event_id) is stored before the call, so a reload, a lost answer or a retry posts the very same
 * request again, which the portal answers with its first answer instead of charging twice.
 */
import { readPurchaseRecord, writePurchaseRecord, type PurchaseRecord } from './purchaseRecord.ts';
import { visitorCurrency } from '../core/currency.ts';
import { failureOfError, type CardFlowResult } from './cardFlow.ts';
import {
  durableOf,
  guardedPurchase,
  keepRecord,
  randomEventId,
  settle,
  settleKnown,
  type CheckoutDeps,
  type DurablePurchase,
  type PurchaseAttemptIds,
  type PurchaseOutcome,
} from './checkoutMachine.ts';
import { braintreeDecline, GENERIC_ERROR_TEXT } from './failures.ts';
import { realClock } from './polling.ts';
import { PaymentApiError } from './subscriptionApi.ts';

export interface BraintreeRequest {
  plan: string;
  /** The backend's id of the alternative method's gateway (its registration's `backendId`). */
  gateway: string;
  /** The payment method nonce (PayPal's approval, or a vaulted account's nonce for the upsell). */
  nonce: string;
  /** The catalogue price (in the visitor's currency), shown when the server answers without prices. */
  price: number;
  coupon?: string;
  extra?: Record<string, unknown>;
  /**
   * Make the plan purchase durable for this account (./purchaseRecord.ts): recorded before the call;
   * an open Braintree purchase of the account is posted again as it was (its nonce, key and event id),
   * and a paid one answers its result without a new charge.
   */
  durable?: DurablePurchase;
  /** Only post the account's PayPal purchase under way again: never start one. */
  resumeOnly?: boolean;
  /** Buy the upsell add-on: sends the upsell marker and fills store.checkout.upsellData. */
  upsell?: boolean;
  /** The attempt's ids, stored by the caller before the call (the upsell): a resumed attempt sends them again. */
  attempt?: PurchaseAttemptIds;
}

/**
 * Buys a plan (or the upsell) through the Braintree portal, at most once per attempt.
 * @example const outcome = await purchaseWithBraintree({ api, store, analytics }, { plan, nonce, price: 59.88, durable });
 */
export function purchaseWithBraintree(deps: Omit<CheckoutDeps, 'gateway'>, request: BraintreeRequest): Promise<PurchaseOutcome> {
  const { store } = deps;
  return guardedPurchase(deps, durableOf(request), async (durable) => {
    if (!durable) return buyWithBraintree(deps, request, undefined, undefined);
    const found = readPurchaseRecord(durable.account);
    if (found?.status === 'succeeded' && found.result) return settleKnown(store, found);
    // only an alternative-method purchase under way is posted again here (a card one is the card path's)
    const open = found?.gateway !== undefined ? found : undefined;
    if (!open && request.resumeOnly) return { status: 'none' };
    return buyWithBraintree(deps, request, durable, open);
  });
}

async function buyWithBraintree(
  deps: Omit<CheckoutDeps, 'gateway'>,
  request: BraintreeRequest,
  durable: DurablePurchase | undefined,
  open: PurchaseRecord | undefined,
): Promise<PurchaseOutcome> {
  const { store } = deps;
  const upsell = request.upsell === true;
  const plan = open?.plan ?? request.plan;
  const nonce = open?.nonce ?? request.nonce;
  const gateway = open?.gateway ?? request.gateway;
  const fbEventId = open?.fbEventId ?? request.attempt?.fbEventId ?? (deps.newEventId ?? randomEventId)();
  const idempotencyKey = open?.idempotencyKey ?? request.attempt?.idempotencyKey ?? randomEventId();
  if (durable && !open) {
    writePurchaseRecord({
      account: durable.account,
      plan,
      idempotencyKey,
      fbEventId,
      paymentMethodId: '',
      gateway,
      nonce,
      pollingId: '',
      startedAt: (deps.clock ?? realClock).now(),
      status: 'processing',
      checkoutPath: durable.checkoutPath,
      successPath: '',
    });
  }
  let result: CardFlowResult;
  try {
    const answer = await deps.api.postImmediateSubscription({
      plan,
      gateway,
      paymentMethod: nonce,
      coupon: request.coupon ?? '',
      eventId: fbEventId,
      paymentIntentId: '',
      threeDSecure: false,
      upsell,
      currency: visitorCurrency(store.plans),
      extra: request.extra ?? {},
      idempotencyKey,
    });
    const finalPrice = answer.finalPrice ?? request.price;
    const regularPrice = answer.regularPrice ?? request.price;
    result = { status: 'succeeded', subscriptionId: answer.subscriptionId, finalPrice, regularPrice, paymentMethodId: '' };
  } catch (error) {
    const noBody = error instanceof PaymentApiError && error.messages.length === 0 && error.status !== 0;
    // the sale refused with the processor's text (422, or 402) is the approval declined: our text, never theirs
    const declined = error instanceof PaymentApiError && (error.status === 422 || error.status === 402) && error.messages.length > 0;
    result = {
      status: 'failed',
      failure: noBody
        ? { kind: 'refused', message: GENERIC_ERROR_TEXT, textKey: 'errors.generic' }
        : declined
          ? braintreeDecline(error.messages)
          : failureOfError(error),
    };
  }
  // a page that went away leaves the record as it was: the next one posts the same request again
  if (deps.signal?.aborted) return { status: 'aborted' };
  if (durable) keepRecord(durable.account, result);
  return settle({ store, analytics: deps.analytics, plan, upsell, gateway, fbEventId, currency: visitorCurrency(store.plans) }, result);
}
