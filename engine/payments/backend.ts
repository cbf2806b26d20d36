/**
 * The backend port: every call the engine makes to the product's backend, in the engine's own terms
 * (a plan, a gateway id, a payment method, a user id, a publishable key, a client token). The product
 * implements it as an adapter over its API (base addresses, paths, field names and the mapping of
 * answers) and registers it in its composition (`defineFunnel({ backend })`); the checkout machine,
 * the purchase hooks and the success step see only this interface, so the engine knows no address,
 * path or wire field of any backend.
 */
import type { Analytics } from '../core/analytics.ts';
import type { FunnelConfig } from '../core/config.ts';
import type { FunnelState } from '../core/store.ts';
import { PaymentApiError } from './subscriptionApi.ts';

/** A subscription the engine asks for: the card path (answered through polling) and the alternative path alike. */
export interface SubscriptionRequest {
  /** The plan name (a key of flows/plans.json, or the upsell product). */
  plan: string;
  /** The id of the gateway that made the payment method, as its registration declares it (`backendId`). */
  gateway: string;
  /** The payment method the gateway created (a card's id, or an alternative method's nonce). */
  paymentMethod: string;
  coupon: string;
  /** One per purchase attempt: the ad pixel's event id, so the server's conversion event de-duplicates with it. */
  eventId: string;
  /** The payment the gateway authenticated (3-D Secure) when the subscription is asked for again; '' at first. */
  paymentIntentId: string;
  /** Ask the provider to require 3-D Secure (EU customers, engine/payments/threeDSecure.ts). */
  threeDSecure: boolean;
  /** The upsell add-on rather than a plan. */
  upsell: boolean;
  /** The ISO 4217 currency the visitor was shown and is charged in (the plan's `prices`, else USD). */
  currency: string;
  /** The product's own fields, passed on as they are (the landing type, the attribution). */
  extra: Record<string, unknown>;
  /** The same key with the same request must answer the first answer, never a second charge. */
  idempotencyKey?: string;
}

/** A subscription's result as the engine reads it. */
export interface SubscriptionResult {
  /** 'succeeded', 'requires_action' (authenticate with clientSecret, then ask again), 'failed', … */
  status: string;
  /** The server's messages for the visitor ([] when none). */
  messages: string[];
  /** The secret of the payment to authenticate, when the status is 'requires_action'. */
  clientSecret?: string;
  /** The payment waiting for authentication, when the status is 'requires_action'. */
  paymentIntentId?: string;
  subscriptionId?: string;
  /** What was charged today and the regular price (the server may send neither on a failure). */
  finalPrice?: number;
  regularPrice?: number;
  /** The bank's reason for a refusal (e.g. 'insufficient_funds'). */
  declineCode?: string;
}

export type PollAnswer = { pending: true; retryAfterMs?: number } | { pending: false; result: SubscriptionResult };

/** What an alternative-path subscription answers at once (no polling). */
export interface ImmediateResult {
  subscriptionId: string;
  finalPrice?: number;
  regularPrice?: number;
}

/** A subscription the server confirmed. */
export interface ServerReceipt {
  subscriptionId: string;
  plan: string;
  upsell: boolean;
  finalPrice: number;
  regularPrice: number;
}

/**
 * The payment calls, signed in as the store's account. A failed call rejects with PaymentApiError
 * (./subscriptionApi.ts): the HTTP status, 0 when no answer came, and the server's messages.
 */
export interface SubscriptionApi {
  /** Starts a subscription and returns the id its result is polled by. Never retried here. */
  postSubscription(request: SubscriptionRequest): Promise<string>;
  /** One poll: pending (ask again, maybe after retryAfterMs) or the final result (a decline included). */
  getPollingResult(pollingId: string, signal?: AbortSignal): Promise<PollAnswer>;
  /** A subscription the server settles at once (the alternative path: a PayPal nonce). Never retried here. */
  postImmediateSubscription(request: SubscriptionRequest): Promise<ImmediateResult>;
  /**
   * The account's subscription as the server knows it, or undefined when the server has none by that
   * id. What a page shows as paid without a polling result of its own.
   */
  getReceipt(subscriptionId: string, signal?: AbortSignal): Promise<ServerReceipt | undefined>;
}

/** What an adapter's calls may depend on: the store (the access token, the signup state), the build's configuration, analytics. */
export interface BackendContext {
  store: FunnelState;
  config: FunnelConfig;
  analytics: Analytics;
}

/** The product's backend, as the engine uses it. */
export interface FunnelBackend {
  /** The payment calls for the store's account. */
  subscriptions(context: BackendContext): SubscriptionApi;
  /**
   * Fetches the account's payment settings into store.signup (publishableKey, accountName, clientToken,
   * force3ds, skipPaywallDisabled), e.g. when they failed at signup.
   * @returns true when they arrived
   */
  loadPaymentSettings(context: BackendContext): Promise<boolean>;
  /** Downloads the adapter's code before the first call (a lazy backend; the checkout's step before asks). No call is made. */
  preload?(): Promise<unknown>;
}

/**
 * A backend whose implementation loads on first use, so the composition that every page loads does
 * not bring the HTTP client with it (the landing never calls the backend).
 * @example backend: lazyBackend(() => import('./backend/portal.ts').then((m) => m.portalBackend))
 */
export function lazyBackend(load: () => Promise<FunnelBackend>): FunnelBackend {
  let loading: Promise<FunnelBackend> | undefined;
  const backend = (): Promise<FunnelBackend> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // a chunk that failed to load (offline) is fetched again on the next call
      throw error;
    }));
  // a chunk that did not load is a call that got no answer: the checkout treats it as offline
  const api = (context: BackendContext): Promise<SubscriptionApi> =>
    backend().then(
      (b) => b.subscriptions(context),
      () => Promise.reject(new PaymentApiError(0, [])),
    );
  return {
    subscriptions(context) {
      return {
        postSubscription: async (request) => (await api(context)).postSubscription(request),
        getPollingResult: async (pollingId, signal) => (await api(context)).getPollingResult(pollingId, signal),
        postImmediateSubscription: async (request) => (await api(context)).postImmediateSubscription(request),
        getReceipt: async (subscriptionId, signal) => (await api(context)).getReceipt(subscriptionId, signal),
      };
    },
    // like an adapter's own failure: the settings did not arrive
    loadPaymentSettings: (context) =>
      backend().then(
        (b) => b.loadPaymentSettings(context),
        () => false,
      ),
    preload: backend,
  };
}
