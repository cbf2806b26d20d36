/**
 * The sandbox's payment records, kept beside the account store (one set per running server):
 * payment methods, payment intents awaiting 3-D Secure, polling jobs and subscriptions.
 */
import { randomBytes } from 'node:crypto';
import { HttpError } from '../http.ts';
import { catalogPrices, knownPlan, UPSELL_PLAN } from './plans.ts';
import type { Account, SandboxState } from './state.ts';
import type { CardBehaviour } from './paymentsCards.ts';

export interface SandboxPaymentMethod {
  id: string;
  /** Never the card number: only what the outcome and the receipt need. */
  behaviour: CardBehaviour;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  /** Passed 3-D Secure once: later off-session payments need no new challenge. */
  authenticated: boolean;
  /** The issuing country (card.country), as Stripe reports it. */
  country: string;
  /**
   * The account the method is attached to: the first one that pays with it (Stripe attaches a payment
   * method to one customer). Another account's purchase with it is refused.
   */
  ownerId?: string;
}

export interface SandboxIntent {
  id: string;
  secret: string;
  userId: string;
  plan: string;
  paymentMethodId: string;
  /** What the payment is for, in `currency` (shown by the 3-D Secure challenge). */
  amount: number;
  /** The ISO 4217 currency charged. */
  currency: string;
  /** 'canceled' once another purchase of the account started while this one waited for 3-D Secure. */
  status: 'requires_action' | 'succeeded' | 'requires_payment_method' | 'canceled';
  subscriptionId?: string;
}

export interface ResultData {
  status: 'succeeded' | 'requires_action' | 'failed';
  subscription_id?: string;
  price_with_discount?: number;
  regular_price?: number;
  data?: { payment_intent_secret: string; payment_intent_id: string };
  errors?: { messages: string[] };
  decline_code?: string;
}

export interface PollJob {
  id: string;
  userId: string;
  /** 202 answers still to give before the result. */
  pendingLeft: number;
  httpStatus: number;
  result: ResultData;
}

export interface Subscription {
  id: string;
  userId: string;
  email: string;
  plan: string;
  gateway: 'stripe' | 'braintree';
  upsell: boolean;
  price_with_discount: number;
  regular_price: number;
  /** The ISO 4217 currency of both prices: the one the purchase named. */
  currency: string;
  fb_event_id: string;
  created_at: string;
}

/** A PayPal billing agreement vaulted with the account's Braintree customer (a payment method token). */
export interface VaultedPayPal {
  token: string;
  email: string;
  createdAt: string;
}

export interface PaymentsState {
  methods: Map<string, SandboxPaymentMethod>;
  intents: Map<string, SandboxIntent>;
  polls: Map<string, PollJob>;
  subscriptions: Subscription[];
  /** userId|fb_event_id|payment_intent_id -> polling id: a repeated request answers the same job. */
  requests: Map<string, string>;
  /** userId|fb_event_id -> the Braintree answer already given. */
  braintreeRequests: Map<string, { status: number; body: unknown }>;
  /** userId|Idempotency-Key -> the Braintree request it was first used with and its answer. */
  braintreeIdempotency: Map<string, { fingerprint: string; answer: { status: number; body: unknown } }>;
  /** userId -> the PayPal accounts vaulted with the account's Braintree customer, most recent first. */
  braintreeVault: Map<string, VaultedPayPal[]>;
  /** Single-use nonces minted for vaulted payment methods (the vault manager's), until used. */
  vaultedNonces: Map<string, { userId: string; token: string }>;
  /** userId|Idempotency-Key -> the request it was first used with and its polling id. */
  idempotency: Map<string, { fingerprint: string; pollingId: string }>;
  /** Payment attempts per account (each new polling job or Braintree answer). */
  attempts: Map<string, number>;
  /** How many 202 answers each poll gives first. */
  pendingPolls: number;
  /** How long the Braintree call takes to answer (the charge is made when it arrives), in ms. */
  braintreeDelayMs: number;
  /** Told of every new subscription (the preview's purchase relay, ./purchaseRelay.ts). */
  onConfirmed?: (subscription: Subscription) => void;
}

/** The most payment attempts the sandbox keeps per account; more answer 429. */
export const MAX_ATTEMPTS_PER_ACCOUNT = 50;
/** The most payment methods the sandbox keeps (they are created without an account); the oldest go first. */
export const MAX_PAYMENT_METHODS = 5000;

const all = new WeakMap<SandboxState, PaymentsState>();

/** The payment records of a sandbox (created on first use). */
export function paymentsOf(state: SandboxState): PaymentsState {
  let p = all.get(state);
  if (!p) {
    p = {
      methods: new Map(),
      intents: new Map(),
      polls: new Map(),
      subscriptions: [],
      requests: new Map(),
      braintreeRequests: new Map(),
      braintreeIdempotency: new Map(),
      braintreeVault: new Map(),
      vaultedNonces: new Map(),
      idempotency: new Map(),
      attempts: new Map(),
      pendingPolls: 2,
      braintreeDelayMs: 1500,
    };
    all.set(state, p);
    const records = p;
    state.inPurchase = (account) => inPurchase(records, account.userId);
  }
  return p;
}

/**
 * Counts a payment attempt of an account; past the cap, a 429 in the API's error shape (the sandbox
 * keeps what each account stores bounded).
 */
export function countAttempt(p: PaymentsState, userId: string): void {
  const count = (p.attempts.get(userId) ?? 0) + 1;
  if (count > MAX_ATTEMPTS_PER_ACCOUNT) {
    throw new HttpError(429, { errors: { messages: ['Too many payment attempts for this account. Wait a moment and try again.'] } });
  }
  p.attempts.set(userId, count);
}

/** True while the account waits for a 3-D Secure answer or for a subscription's result. */
export function inPurchase(p: PaymentsState, userId: string): boolean {
  for (const intent of p.intents.values()) if (intent.userId === userId && intent.status === 'requires_action') return true;
  for (const job of p.polls.values()) if (job.userId === userId && job.pendingLeft > 0) return true;
  return false;
}

/**
 * Cancels the account's payments still waiting for 3-D Secure (all but `keep`): another purchase of the
 * account has started, so completing the old challenge must never charge a second time.
 */
export function cancelOpenIntents(p: PaymentsState, userId: string, keep = ''): void {
  for (const intent of p.intents.values()) {
    if (intent.userId === userId && intent.status === 'requires_action' && intent.id !== keep) intent.status = 'canceled';
  }
}

/** Stores a payment method, dropping the oldest past the cap. */
export function keepPaymentMethod(p: PaymentsState, method: SandboxPaymentMethod): void {
  p.methods.set(method.id, method);
  while (p.methods.size > MAX_PAYMENT_METHODS) p.methods.delete(p.methods.keys().next().value!);
}

/** A Stripe-looking id. */
export const newId = (prefix: string): string => `${prefix}_sb_${randomBytes(12).toString('hex')}`;

export { knownPlan, UPSELL_PLAN };

/** What the portal charges today for a plan, on the account's landing, in a currency (./plans.ts). */
export function pricesFor(plan: string, account: Account, currency: string): { price_with_discount: number; regular_price: number } {
  return catalogPrices(plan, account.landingType, currency);
}

/** The account's active subscription to a plan, if any (one per account and product). */
export function activeSubscription(p: PaymentsState, userId: string, plan: string): Subscription | undefined {
  return p.subscriptions.find((s) => s.userId === userId && s.plan === plan);
}

/** Records a subscription (or returns the account's existing one for that plan). */
export function subscribe(
  p: PaymentsState,
  account: Account,
  plan: string,
  gateway: Subscription['gateway'],
  fbEventId: string,
  currency: string,
): Subscription {
  const existing = activeSubscription(p, account.userId, plan);
  if (existing) return existing;
  const subscription: Subscription = {
    id: newId('sub'),
    userId: account.userId,
    email: account.email,
    plan,
    gateway,
    upsell: plan === UPSELL_PLAN,
    ...pricesFor(plan, account, currency),
    currency,
    fb_event_id: fbEventId,
    created_at: new Date().toISOString(),
  };
  p.subscriptions.push(subscription);
  p.onConfirmed?.(subscription);
  return subscription;
}

/** The success result of the polling call for a subscription. */
export function successResult(s: Subscription): ResultData {
  return { status: 'succeeded', subscription_id: s.id, price_with_discount: s.price_with_discount, regular_price: s.regular_price };
}
