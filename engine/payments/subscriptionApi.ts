/**
 * Calls 3, 4 and 5 of spec section 7, and the response fields the funnel reads. The sandbox server
 * (scripts/server/sandbox/payments.ts) answers with exactly these shapes:
 *
 * 3. POST {portal}/users/me/subscriptions/polling/{plan}, bearer token.
 *    body  { gateway: 'stripe', payment_method_nonce, coupon, fb_event_id, payment_intent_id, ...extra }
 *          plus request_three_d_secure: 'any' when 3-D Secure must be asked for (EU customers, docs/developers.md)
 *    200   { data: { polling_result_id: string } }
 *    4xx   { errors: { messages: string[] } }          (401 without a token, 422 for a bad body)
 * 4. GET {portal}/polling/get-result/{pollingId}, bearer token.
 *    202   { data: { status: 'pending' } }  + Retry-After (seconds): ask again later
 *    200   { data: { result_data: ResultData } }      succeeded, or requires_action
 *    4xx   { data: { result_data: ResultData } }      a decline: status 'failed', errors.messages, decline_code
 *          (the client reads response.data.data.result_data on error, as the spec says)
 * 5. POST {braintree portal}/users/me/braintree/subscriptions/{plan}, bearer token.
 *    body  { gateway: 'braintree', payment_method_nonce, coupon, fb_event_id, is_upsell?, ...extra }
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
import type { HttpClients } from '../core/http.ts';
import { failureOf } from '../core/http.ts';

/** data.result_data of the polling call. */
export interface ResultData {
  status?: string;
  errors?: { messages?: string[] };
  data?: { payment_intent_secret?: string; payment_intent_id?: string };
  subscription_id?: string;
  price_with_discount?: number | string;
  regular_price?: number | string;
  decline_code?: string;
}

export type PollAnswer = { pending: true; retryAfterMs?: number } | { pending: false; result: ResultData };

export interface SubscriptionBody {
  gateway: 'stripe';
  payment_method_nonce: string;
  coupon: string;
  fb_event_id: string;
  payment_intent_id: string;
  [extra: string]: unknown;
}

export interface BraintreeBody {
  gateway: 'braintree';
  payment_method_nonce: string;
  coupon: string;
  fb_event_id: string;
  [extra: string]: unknown;
}

export interface BraintreeResult {
  subscriptionId: string;
  finalPrice?: number;
  regularPrice?: number;
}

/** A failed call: the HTTP status (0 when no answer came) and the server's messages, if any. */
export class PaymentApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join(' ') || `Payment call failed (HTTP ${status})`);
    this.name = 'PaymentApiError';
  }
}

/** The three payment calls; the checkout machine gets this injected. */
export interface SubscriptionApi {
  /**
   * Call 3: starts a subscription, returns the polling id. The idempotency key goes out as the
   * `Idempotency-Key` header: the same key with the same body answers the same polling id.
   */
  postSubscription(plan: string, body: SubscriptionBody, idempotencyKey?: string): Promise<string>;
  /** Call 4: one poll. */
  getPollingResult(pollingId: string, signal?: AbortSignal): Promise<PollAnswer>;
  /**
   * Call 5: the Braintree subscription. The idempotency key goes out as the `Idempotency-Key` header,
   * as with call 3: the same key with the same body answers the first answer, never a second charge.
   */
  postBraintreeSubscription(plan: string, body: BraintreeBody, idempotencyKey?: string): Promise<BraintreeResult>;
  /**
   * The receipt lookup: the account's subscription as the server knows it, or undefined when the
   * server has none by that id (404). What a page shows as paid without a polling result of its own.
   */
  getReceipt(subscriptionId: string, signal?: AbortSignal): Promise<ServerReceipt | undefined>;
}

/** A subscription the server confirmed. */
export interface ServerReceipt {
  subscriptionId: string;
  plan: string;
  upsell: boolean;
  finalPrice: number;
  regularPrice: number;
}

type Body = Record<string, unknown> | undefined;

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

/** A Retry-After header in seconds (or an HTTP date) as milliseconds. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
  if (typeof header !== 'string' || !header.trim()) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A price field as a number (the server may send "59.88"). */
export function priceOf(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

const path = (plan: string): string => encodeURIComponent(plan);

/**
 * The API over the funnel's axios instances.
 * @example const api = createSubscriptionApi(createHttpClients(config, () => store.signup.token));
 */
export function createSubscriptionApi(http: HttpClients): SubscriptionApi {
  return {
    async postSubscription(plan, body, idempotencyKey) {
      try {
        const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
        const { data } = await http.portal.post(`/users/me/subscriptions/polling/${path(plan)}`, body, { headers });
        const id = (data as { data?: { polling_result_id?: unknown } } | undefined)?.data?.polling_result_id;
        if ((typeof id !== 'string' && typeof id !== 'number') || id === '') throw new PaymentApiError(200, []);
        return String(id);
      } catch (error) {
        if (error instanceof PaymentApiError) throw error;
        const { status, body: answer } = failureOf(error);
        throw new PaymentApiError(status, messagesOf(answer));
      }
    },
    async getPollingResult(pollingId, signal) {
      try {
        const response = await http.portal.get(`/polling/get-result/${encodeURIComponent(pollingId)}`, { signal });
        if (response.status === 202) return { pending: true, retryAfterMs: retryAfterMs(response.headers['retry-after']) };
        const result = resultDataOf(response.data as Body);
        if (!result) throw new PaymentApiError(response.status, []);
        return { pending: false, result };
      } catch (error) {
        if (error instanceof PaymentApiError) throw error;
        const { status, body } = failureOf(error);
        const result = resultDataOf(body);
        if (result) return { pending: false, result };
        throw new PaymentApiError(status, messagesOf(body));
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
        if (error instanceof PaymentApiError) throw error;
        const { status, body } = failureOf(error);
        if (status === 404) return undefined;
        throw new PaymentApiError(status, messagesOf(body));
      }
    },
    async postBraintreeSubscription(plan, body, idempotencyKey) {
      try {
        const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined;
        const { data } = await http.braintree.post(`/users/me/braintree/subscriptions/${path(plan)}`, body, { headers });
        const d = (data as { data?: Record<string, unknown> } | undefined)?.data;
        const id = d?.subscription_id;
        if ((typeof id !== 'string' && typeof id !== 'number') || id === '') throw new PaymentApiError(200, messagesOf(data));
        return { subscriptionId: String(id), finalPrice: priceOf(d?.price_with_discount), regularPrice: priceOf(d?.regular_price) };
      } catch (error) {
        if (error instanceof PaymentApiError) throw error;
        const { status, body: answer } = failureOf(error);
        throw new PaymentApiError(status, messagesOf(answer));
      }
    },
  };
}
