/**
 * The card purchase itself (spec section 4 "Checkout (card)", steps 2 to 5), without the loader,
 * the guard or the store: create the payment method, post the subscription, poll the result, and run
 * the provider's 3-D Secure step when the result asks for it. Every branch returns a `CardFlowResult`;
 * nothing here throws except AbortedError.
 */
import type { PaymentMethod, PaymentMethodResult, PaymentProcessor } from './port.ts';
import { isGatewayError } from './port.ts';
import type { PaymentFailure } from './failures.ts';
import { NETWORK_ERROR_KEY, POLL_TIMEOUT_KEY, rateLimitText, SERVER_ERROR_KEY } from './failures.ts';
import { AbortedError, pollResult, PollTimeoutError, type Clock, type PollLimits } from './polling.ts';
import { PaymentApiError } from './subscriptionApi.ts';
import type { SubscriptionApi, SubscriptionResult } from './backend.ts';

/** At most this many subscription posts per purchase (the first, then re-posts after 3-D Secure). */
export const MAX_SUBSCRIPTION_POSTS = 3;

export interface CardFlowInput {
  plan: string;
  billingName: string;
  coupon: string;
  /** One per purchase attempt: the ad pixel's event id and the server's idempotency key. */
  fbEventId: string;
  /** Reuse this payment method instead of creating one (the upsell, after the plan was paid). */
  paymentMethodId?: string;
  /**
   * A payment method the visitor just created elsewhere (a wallet sheet), or the card form's
   * tokenisation already under way (started in the Pay tap, while the claim was asked for): used
   * instead of tokenising here.
   */
  paymentMethod?: PaymentMethodResult | Promise<PaymentMethodResult>;
  /**
   * Ask the provider to require 3-D Secure (the request's `threeDSecure`): a fixed answer
   * (a resumed purchase), or decided from the new payment method (its card's country).
   */
  threeDSecure?: boolean | ((method: PaymentMethod) => boolean);
  /** The upsell add-on rather than a plan. */
  upsell?: boolean;
  /** The currency charged (the visitor's: engine/core/currency.ts visitorCurrency). */
  currency: string;
  /** The product's extra request fields (the landing type, the attribution). */
  extra: Record<string, unknown>;
  /** The Idempotency-Key of the first subscription call; a re-post after 3-D Secure adds "-<n>". */
  idempotencyKey?: string;
  /** Resume a purchase whose first subscription call was answered: poll this id instead of posting. */
  pollingId?: string;
  /** Called with the payment method and the 3-D Secure decision before the first subscription call (the durable record). */
  onPaymentMethod?: (paymentMethodId: string, threeDSecure: boolean) => void;
  /** Called with each polling id as soon as the server gives it. */
  onPollingId?: (pollingId: string) => void;
}

export interface CardFlowDeps {
  api: SubscriptionApi;
  /** The card gateway, with the id its registration sends to the backend. */
  gateway: PaymentProcessor & { backendId: string };
  clock: Clock;
  signal?: AbortSignal;
  limits?: PollLimits;
}

export type CardFlowResult =
  | { status: 'succeeded'; subscriptionId: string; finalPrice: number; regularPrice: number; paymentMethodId: string }
  | { status: 'failed'; failure: PaymentFailure }
  /** requires_action without a secret and without errors: ends silently (spec section 8). */
  | { status: 'silent' };

/** A result with a subscription id and both prices is a success. */
export function successOf(result: SubscriptionResult): { subscriptionId: string; finalPrice: number; regularPrice: number } | undefined {
  const { subscriptionId, finalPrice, regularPrice } = result;
  if (!subscriptionId || finalPrice === undefined || regularPrice === undefined) return undefined;
  return { subscriptionId, finalPrice, regularPrice };
}

/** A thrown error as a failure, by its cause (AbortedError passes through). */
export function failureOfError(error: unknown): PaymentFailure {
  if (error instanceof AbortedError) throw error;
  if (error instanceof PollTimeoutError) return { kind: 'pending', textKey: POLL_TIMEOUT_KEY, message: error.message };
  if (error instanceof PaymentApiError) {
    if (error.status === 0) return { kind: 'network', textKey: NETWORK_ERROR_KEY };
    if (error.status === 429) return { kind: 'rateLimit', ...rateLimitText(error.retryAfterMs), message: error.messages.join(' ') || undefined };
    if (error.status >= 500) return { kind: 'server', textKey: SERVER_ERROR_KEY, message: error.messages.join(' ') || undefined };
    return { kind: 'refused', message: error.messages.join(' ') || undefined };
  }
  return { kind: 'refused' };
}

/** A card or bank refusal reported by the gateway. */
const declined = (error: { message: string; declineCode?: string; code?: string }): PaymentFailure => ({
  kind: 'decline',
  message: error.message,
  declineCode: error.declineCode ?? error.code,
});

function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) throw new AbortedError();
}

/**
 * Runs one card purchase.
 * @example const r = await runCardFlow({ api, gateway, clock: realClock }, { plan, billingName, coupon: '', fbEventId, extra: {} })
 */
export async function runCardFlow(deps: CardFlowDeps, input: CardFlowInput): Promise<CardFlowResult> {
  const { api, gateway, clock, signal } = deps;
  let paymentMethodId = input.paymentMethodId;
  const withPaymentMethod = !paymentMethodId;
  let threeDSecure = typeof input.threeDSecure === 'boolean' ? input.threeDSecure : false;
  try {
    if (!paymentMethodId) {
      const created = await (input.paymentMethod ?? gateway.createPaymentMethod({ billingName: input.billingName }));
      // no abort check here: a screen left while the card was tokenised (Back) still sends the purchase
      // the visitor paid for, and the screen that takes over follows it (the record holds the claim's place)
      if (isGatewayError(created)) return { status: 'failed', failure: declined(created.error) };
      paymentMethodId = created.id;
      if (typeof input.threeDSecure === 'function') threeDSecure = input.threeDSecure(created);
    }
    input.onPaymentMethod?.(paymentMethodId, threeDSecure);
    let intentId = '';
    let resumeId = input.pollingId;
    for (let post = 1; post <= MAX_SUBSCRIPTION_POSTS; post++) {
      let pollingId = resumeId;
      resumeId = undefined;
      if (!pollingId) {
        const key = input.idempotencyKey ? (post === 1 ? input.idempotencyKey : `${input.idempotencyKey}-${post}`) : undefined;
        pollingId = await api.postSubscription({
          plan: input.plan,
          gateway: gateway.backendId,
          paymentMethod: paymentMethodId,
          coupon: input.coupon,
          eventId: input.fbEventId,
          paymentIntentId: intentId,
          threeDSecure,
          upsell: input.upsell === true,
          currency: input.currency,
          extra: input.extra,
          ...(key ? { idempotencyKey: key } : {}),
        });
        // recorded even when the screen went away meanwhile (Back): the screen that takes over polls this id
        // instead of posting the subscription again
        input.onPollingId?.(pollingId);
        checkAbort(signal);
      }
      const id = pollingId;
      const result = await pollResult((s) => api.getPollingResult(id, s), clock, signal, deps.limits);
      const success = successOf(result);
      if (success) return { status: 'succeeded', ...success, paymentMethodId };
      const messages = result.messages.filter((m) => m.trim());
      if (result.status === 'requires_action') {
        const secret = result.clientSecret;
        if (!secret) {
          if (!messages.length) return { status: 'silent' };
        } else {
          // the first confirmation carries the new payment method; later ones only the intent
          const firstWithMethod = post === 1 && withPaymentMethod;
          const confirmed = await gateway.confirmPayment(secret, firstWithMethod ? paymentMethodId : undefined);
          checkAbort(signal);
          if (isGatewayError(confirmed)) {
            if (firstWithMethod) return { status: 'failed', failure: declined(confirmed.error) };
            // otherwise the server decides: repeat the subscription call with the intent id
            intentId = result.paymentIntentId ?? intentId;
          } else {
            intentId = confirmed.payment.id;
          }
          continue;
        }
      }
      return { status: 'failed', failure: { kind: 'decline', message: messages.join(' ') || undefined, declineCode: result.declineCode || undefined } };
    }
    return { status: 'failed', failure: { kind: 'refused' } };
  } catch (error) {
    return { status: 'failed', failure: failureOfError(error) };
  }
}
