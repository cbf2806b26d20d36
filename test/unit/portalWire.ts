/**
 * The portal adapter (screens/backend/portalSubscriptions.ts) called with requests written as the
 * body the portal gets, for the sandbox server tests: each body goes through the adapter's request
 * mapping and back onto the wire, so the tests check the server and the funnel's own client together.
 */
import type { HttpClients } from '../../screens/backend/http.ts';
import { createPortalSubscriptions, THREE_D_SECURE_FIELD, UPSELL_FIELD } from '../../screens/backend/portalSubscriptions.ts';
import type { ImmediateResult, PollAnswer, SubscriptionRequest } from '../../engine/payments/index.ts';

/** A subscription body as the portal gets it. */
export interface WireBody {
  gateway: string;
  payment_method_nonce: string;
  coupon: string;
  fb_event_id: string;
  payment_intent_id?: string;
  /** The charged currency; USD when a test leaves it out. */
  currency?: string;
  [extra: string]: unknown;
}

/** The engine's request for a wire body: the known fields by name, the rest as the product's extra fields. */
export function requestOf(plan: string, body: WireBody, idempotencyKey?: string): SubscriptionRequest {
  const {
    gateway,
    payment_method_nonce,
    coupon,
    fb_event_id,
    payment_intent_id,
    currency,
    [UPSELL_FIELD]: upsell,
    [THREE_D_SECURE_FIELD]: threeDSecure,
    ...extra
  } = body;
  return {
    plan,
    gateway,
    paymentMethod: payment_method_nonce,
    coupon,
    eventId: fb_event_id,
    paymentIntentId: payment_intent_id ?? '',
    threeDSecure: threeDSecure === 'any',
    upsell: upsell === true,
    currency: currency ?? 'USD',
    extra,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

export interface PortalWire {
  postSubscription(plan: string, body: WireBody, idempotencyKey?: string): Promise<string>;
  getPollingResult(pollingId: string): Promise<PollAnswer>;
  postBraintreeSubscription(plan: string, body: WireBody, idempotencyKey?: string): Promise<ImmediateResult>;
}

export function portalWire(http: HttpClients): PortalWire {
  const api = createPortalSubscriptions(http);
  return {
    postSubscription: (plan, body, key) => api.postSubscription(requestOf(plan, body, key)),
    getPollingResult: (pollingId) => api.getPollingResult(pollingId),
    postBraintreeSubscription: (plan, body, key) => api.postImmediateSubscription(requestOf(plan, body, key)),
  };
}
