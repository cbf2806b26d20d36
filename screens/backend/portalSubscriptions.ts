/**
 * The portal's payment calls (calls 3, 4 and 5 of spec section 7, and the receipt lookup) behind the
 * engine's SubscriptionApi (engine/payments/backend.ts): the paths, the wire field names and the
 * mapping of the answers. The sandbox server (scripts/server/sandbox/payments.ts) answers with
 * exactly these shapes:
 *
 * 3. POST {portal}/users/me/subscriptions/polling/{plan}, bearer token.
 *    body  { gateway, payment_method_nonce, coupon, fb_event_id, currency, payment_intent_id, is_upsell?, ...extra }
 *          (currency: the ISO 4217 code the visitor was shown; the prices answered are in it)
 *          plus request_three_d_secure: 'any' when 3-D Secure must be asked for (EU customers, docs/developers.md)
 *    200   { data: { polling_result_id: string } }
 *    4xx   { errors: { messages: string[] } }          (401 without a token, 422 for a bad body)
 * 4. GET {portal}/polling/get-result/{pollingId}, bearer token.
 *    202   { data: { status: 'pending' } }  + Retry-After (seconds): ask again later
 *    200   { data: { result_data: ResultData } }      succeeded, or requires_action
 *    4xx   { data: { result_data: ResultData } }      a decline: status 'failed', errors.messages, decline_code
 *          (the client reads response.data.data.result_data on error, as the spec says)
 * 5. POST {braintree portal}/users/me/braintree/subscriptions/{plan}, bearer token.
 *    body  { gateway, payment_method_nonce, coupon, fb_event_id, currency, is_upsell?, ...extra }
 *          + Idempotency-Key header (docs/developers.md: the portal must honour it as call 3 does)
 *    200   { data: { subscription_id, price_with_discount?, regular_price? } }
 *    4xx   { errors: { messages: string[] } }
 * Receipt lookup (docs/purchases.md): GET {portal}/users/me/subscriptions/{subscriptionId}, bearer token.
 *    200   { data: { subscription_id, plan, is_upsell, status: 'active', price_with_discount, regular_price } }
 *    404   { errors: { messages } }  no such subscription of this account
 *
 * A POST is never retried here. The checkout machine retries a purchase whose outcome is open with the
 * same Idempotency-Key header and the same body (engine/payments/purchaseRecord.ts).
 */
import {
  PaymentApiError,
  priceOf,
  retryAfterMs,
  type SubscriptionApi,
  type SubscriptionRequest,
  type SubscriptionResult,
} from '../../engine/payments/index.ts';
import { failureOf, type HttpClients } from './http.ts';

/** data.result_data of the polling call, as the portal sends it. */
export interface ResultData {
  status?: string;
  errors?: { messages?: string[] };
  data?: { payment_intent_secret?: string; payment_intent_id?: string };
  subscription_id?: string | number;
  price_with_discount?: number | string;
  regular_price?: number | string;
  decline_code?: string;
}

/** The body field that asks the portal to require 3-D Secure (passed on to Stripe as
 * payment_method_options.card.request_three_d_secure); sent only when required. */
export const THREE_D_SECURE_FIELD = 'request_three_d_secure';

/** The body field that marks the upsell add-on. */
export const UPSELL_FIELD = 'is_upsell';

/** errors.messages as strings ([] when absent). */
export function messagesOf(body: unknown): string[] {
  const messages = (body as { errors?: { messages?: unknown } } | undefined)?.errors?.messages;
  if (Array.isArray(messages)) return messages.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
  if (typeof messages === 'string' && messages.trim()) return [messages];
  return [];
}

/** data.result_data (the spec's shape), tolerating a top-level result_data. */
function resultDataOf(body: unknown): ResultData | undefined {
  const b = body as { data?: { result_data?: unknown }; result_data?: unknown } | undefined;
  const result = b?.data?.result_data ?? b?.result_data;
  return result && typeof result === 'object' ? (result as ResultData) : undefined;
}

/** The portal's result in the engine's terms. */
export function subscriptionResultOf(result: ResultData): SubscriptionResult {
  const id = result.subscription_id;
  return {
    status: result.status ?? '',
    messages: messagesOf(result),
    clientSecret: result.data?.payment_intent_secret || undefined,
    paymentIntentId: result.data?.payment_intent_id || undefined,
    subscriptionId: id === undefined || id === null || String(id) === '' ? undefined : String(id),
    finalPrice: priceOf(result.price_with_discount),
    regularPrice: priceOf(result.regular_price),
    declineCode: result.decline_code || undefined,
  };
}

/** The request body of calls 3 and 5 (call 5 has no payment_intent_id). */
export function subscriptionBodyOf(request: SubscriptionRequest, polled: boolean): Record<string, unknown> {
  return {
    ...request.extra,
    gateway: request.gateway,
    payment_method_nonce: request.paymentMethod,
    coupon: request.coupon,
    fb_event_id: request.eventId,
    currency: request.currency,
    ...(polled ? { payment_intent_id: request.paymentIntentId } : {}),
    ...(request.upsell ? { [UPSELL_FIELD]: true } : {}),
    ...(polled && request.threeDSecure ? { [THREE_D_SECURE_FIELD]: 'any' } : {}),
  };
}

const path = (plan: string): string => encodeURIComponent(plan);
const keyHeader = (request: SubscriptionRequest) => (request.idempotencyKey ? { 'Idempotency-Key': request.idempotencyKey } : undefined);

/** Rethrows a PaymentApiError as it is, anything else as one with the answer's status and messages. */
function rethrow(error: unknown): never {
  if (error instanceof PaymentApiError) throw error;
  const { status, body, retryAfterMs: wait } = failureOf(error);
  throw new PaymentApiError(status, messagesOf(body), wait);
}

/**
 * The portal's payment calls over the funnel's axios instances.
 * @example const api = createPortalSubscriptions(createHttpClients(config, () => store.signup.token));
 */
export function createPortalSubscriptions(http: HttpClients): SubscriptionApi {
  return {
    async postSubscription(request) {
      try {
        const { data } = await http.portal.post(`/users/me/subscriptions/polling/${path(request.plan)}`, subscriptionBodyOf(request, true), {
          headers: keyHeader(request),
        });
        const id = (data as { data?: { polling_result_id?: unknown } } | undefined)?.data?.polling_result_id;
        if ((typeof id !== 'string' && typeof id !== 'number') || id === '') throw new PaymentApiError(200, []);
        return String(id);
      } catch (error) {
        return rethrow(error);
      }
    },
    async getPollingResult(pollingId, signal) {
      try {
        const response = await http.portal.get(`/polling/get-result/${encodeURIComponent(pollingId)}`, { signal });
        if (response.status === 202) return { pending: true, retryAfterMs: retryAfterMs(response.headers['retry-after']) };
        const result = resultDataOf(response.data);
        if (!result) throw new PaymentApiError(response.status, []);
        return { pending: false, result: subscriptionResultOf(result) };
      } catch (error) {
        if (error instanceof PaymentApiError) throw error;
        // a decline comes as a 4xx whose body still carries the result
        const result = resultDataOf(failureOf(error).body);
        if (result) return { pending: false, result: subscriptionResultOf(result) };
        return rethrow(error);
      }
    },
    async getReceipt(subscriptionId, signal) {
      try {
        const { data } = await http.portal.get(`/users/me/subscriptions/${encodeURIComponent(subscriptionId)}`, { signal });
        const d = (data as { data?: Record<string, unknown> } | undefined)?.data;
        const finalPrice = priceOf(d?.price_with_discount);
        const regularPrice = priceOf(d?.regular_price);
        if (!d || String(d.subscription_id ?? '') !== subscriptionId || finalPrice === undefined || regularPrice === undefined)
          throw new PaymentApiError(200, []);
        return { subscriptionId, plan: typeof d.plan === 'string' ? d.plan : '', upsell: d.is_upsell === true, finalPrice, regularPrice };
      } catch (error) {
        if (failureOf(error).status === 404) return undefined;
        return rethrow(error);
      }
    },
    async postImmediateSubscription(request) {
      try {
        const { data } = await http.braintree.post(`/users/me/braintree/subscriptions/${path(request.plan)}`, subscriptionBodyOf(request, false), {
          headers: keyHeader(request),
        });
        const d = (data as { data?: Record<string, unknown> } | undefined)?.data;
        const id = d?.subscription_id;
        if ((typeof id !== 'string' && typeof id !== 'number') || id === '') throw new PaymentApiError(200, messagesOf(data));
        return { subscriptionId: String(id), finalPrice: priceOf(d?.price_with_discount), regularPrice: priceOf(d?.regular_price) };
      } catch (error) {
        return rethrow(error);
      }
    },
  };
}
