/**
 * Sandbox calls 3, 4 and 5 of spec section 7 (the client is the portal adapter, screens/backend/portalSubscriptions.ts):
 *
 * POST {portal}/users/me/subscriptions/polling/{plan}   bearer token
 *   body  { gateway: 'stripe', payment_method_nonce, coupon?, fb_event_id, currency?, payment_intent_id?, is_upsell?,
 *           request_three_d_secure?: 'any', ... }
 *   currency (ISO 4217, USD when absent) is what is charged, and what price_with_discount and regular_price
 *   are in; a currency the plan has no price in is a 422.
 *   200   { data: { polling_result_id } }
 *   request_three_d_secure 'any' asks for 3-D Secure on the card's first payment whatever the card
 *   (Stripe's payment_method_options.card.request_three_d_secure), so any card then needs the challenge.
 *   401   { errors: { messages } } without a valid token;  422 { errors: { messages } } for a bad body,
 *         an unknown plan, payment method or intent.
 *   Idempotency-Key header (optional, at most 255 characters), as Stripe honours it: the same key with
 *   the same plan and body answers the same polling id (one subscription); the same key with another
 *   plan or body is a 400. Without the header the same request again (same account, fb_event_id and
 *   payment_intent_id) answers the same polling id. An account that already has the plan gets its
 *   existing subscription back, never a second one (so a reload cannot buy the upsell twice).
 *   429 when an account has made more payment attempts than the sandbox keeps (paymentsState.ts), or
 *         calls faster than its payment-call limit (rateLimits.ts, with Retry-After).
 *   A new purchase (not a repeat) cancels the account's payments still waiting for 3-D Secure (their
 *   confirmation is then a 400, a re-post with their id a 409); a payment method belongs to the first
 *   account that pays with it, and another account's payment method or intent is a 422.
 * GET {portal}/polling/get-result/{id}                  bearer token (the job's owner)
 *   202   { data: { status: 'pending' } } + Retry-After: 1   (the first two answers)
 *   200   { data: { result_data: { status: 'succeeded', subscription_id, price_with_discount, regular_price } } }
 *   200   { data: { result_data: { status: 'requires_action', data: { payment_intent_secret, payment_intent_id } } } }
 *   402   { data: { result_data: { status: 'failed', errors: { messages }, decline_code } } }
 *   404   { errors: { messages } } for an unknown job
 * POST {braintree}/users/me/braintree/subscriptions/{plan}   bearer token: ./paymentsBraintree.ts
 * GET {portal}/users/me/subscriptions/{id}                 bearer token: the receipt lookup
 *   200   { data: { subscription_id, plan, is_upsell, status: 'active', price_with_discount, regular_price } }
 *   404   { errors: { messages } } for a subscription the account does not have
 * GET /sandbox/subscriptions?email=…   read-only, for tests: { subscriptions: [...] }
 *
 * What may be bought (./saleRules.ts), for calls 3 and 5: only a plan the request's landing_type (else
 * the account's landing) sells, else 422; one active main subscription per account whatever the plan
 * (another main plan is a 409; the plan it has answers its subscription); the add-on only with
 * is_upsell and beside a main subscription (else 422 / 409). An idempotent retry answers as before.
 * Which card does what is decided here from the payment method (paymentsCards.ts), as Stripe does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, readJsonBody, sendJson } from '../http.ts';
import { requireAccount } from './account.ts';
import { AUTHENTICATION_FAILED, type Decline } from './paymentsCards.ts';
import { confirmPaymentIntent, createPaymentMethod, retrievePaymentIntent, STRIPE } from './paymentsStripe.ts';
import {
  cancelOpenIntents,
  countAttempt,
  knownPlan,
  newId,
  paymentsOf,
  pricesFor,
  subscribe,
  successResult,
  UPSELL_PLAN,
  type ResultData,
} from './paymentsState.ts';
import type { Account, SandboxState } from './state.ts';
import { BRAINTREE, PORTAL, type SandboxRoute } from './routes.ts';
import { braintreeClientRoutes, postBraintreeSubscription } from './paymentsBraintree.ts';
import { checkSale } from './saleRules.ts';
import { notePurchaseOrigin } from './purchaseRelay.ts';
import { limitRate } from './rateLimits.ts';

const refuse = (status: number, ...messages: string[]): HttpError => new HttpError(status, { errors: { messages } });

const optionalString = (body: Record<string, unknown>, field: string, problems: string[], max = 200): string => {
  const value = body[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > max) problems.push(`${field} must be a string of at most ${max} characters`);
  return typeof value === 'string' && value.length <= max ? value : '';
};

/** Stripe's limit for an idempotency key. */
export const MAX_IDEMPOTENCY_KEY = 255;

/** The Idempotency-Key header ('' when absent); a 400 when it is too long. */
function idempotencyKeyOf(req: IncomingMessage): string {
  const raw = req.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (key.length > MAX_IDEMPOTENCY_KEY) throw refuse(400, `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY} characters`);
  return key;
}

/** The request as the idempotency check compares it: plan and body, with keys in a stable order. */
function fingerprint(plan: string, body: Record<string, unknown>): string {
  return JSON.stringify([
    plan,
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  ]);
}

/** A path segment decoded; a malformed escape is a 400, not a crash. */
function segment(match: RegExpExecArray): string {
  try {
    return decodeURIComponent(match[1] ?? '');
  } catch {
    throw refuse(400, 'Malformed path segment');
  }
}

function planOf(match: RegExpExecArray): string {
  const plan = segment(match);
  if (!knownPlan(plan)) throw refuse(422, `Unknown plan "${plan}"`);
  return plan;
}

/** Validates the common body fields; throws a 422 listing every problem. */
function readPurchase(body: Record<string, unknown>, gateway: 'stripe' | 'braintree') {
  const problems: string[] = [];
  if (body.gateway !== gateway) problems.push(`gateway must be "${gateway}"`);
  const fbEventId = optionalString(body, 'fb_event_id', problems);
  if (!fbEventId) problems.push('fb_event_id is required (one per purchase attempt)');
  const nonce = optionalString(body, 'payment_method_nonce', problems);
  const intentId = gateway === 'stripe' ? optionalString(body, 'payment_intent_id', problems) : '';
  optionalString(body, 'coupon', problems);
  const landingType = optionalString(body, 'landing_type', problems, 64);
  // the ISO 4217 currency the visitor was shown; a body without one is charged in the base currency
  const currency = optionalString(body, 'currency', problems, 3) || 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) problems.push('currency must be an ISO 4217 code of three capital letters');
  if (!nonce && !intentId) problems.push('payment_method_nonce is required');
  if (body.is_upsell !== undefined && typeof body.is_upsell !== 'boolean') problems.push('is_upsell must be a boolean');
  if (body.request_three_d_secure !== undefined && body.request_three_d_secure !== 'any' && body.request_three_d_secure !== 'automatic') {
    problems.push('request_three_d_secure must be "any" or "automatic"');
  }
  if (problems.length) throw refuse(422, ...problems);
  return { fbEventId, nonce, intentId, landingType, currency, upsell: body.is_upsell === true, threeDSecure: body.request_three_d_secure === 'any' };
}

const failure = (d: Decline): { httpStatus: number; result: ResultData } => ({
  httpStatus: 402,
  result: { status: 'failed', errors: { messages: [d.message] }, decline_code: d.declineCode },
});

/** Decides the result of a card purchase from its payment method or confirmed intent. */
function decide(state: SandboxState, account: Account, plan: string, r: ReturnType<typeof readPurchase>): { httpStatus: number; result: ResultData } {
  const p = paymentsOf(state);
  const existing = p.subscriptions.find((s) => s.userId === account.userId && s.plan === plan);
  if (existing) return { httpStatus: 200, result: successResult(existing) };
  if (r.intentId) {
    const intent = p.intents.get(r.intentId);
    const foreign = intent?.userId !== account.userId && state.contractBreak !== 'payment-intent-owner';
    if (!intent || foreign || intent.plan !== plan) throw refuse(422, `No such payment_intent: '${r.intentId}'`);
    if (intent.status === 'canceled') throw refuse(409, `PaymentIntent '${r.intentId}' was canceled: another purchase of this account started`);
    if (intent.status === 'requires_payment_method') return failure(AUTHENTICATION_FAILED);
    if (intent.status === 'requires_action') {
      return { httpStatus: 200, result: { status: 'requires_action', data: { payment_intent_secret: intent.secret, payment_intent_id: intent.id } } };
    }
    return { httpStatus: 200, result: successResult(subscribe(p, account, plan, 'stripe', r.fbEventId, intent.currency)) };
  }
  const method = p.methods.get(r.nonce);
  // a payment method belongs to the first account that pays with it; to any other it does not exist
  const foreign = method?.ownerId !== undefined && method.ownerId !== account.userId && state.contractBreak !== 'payment-method-owner';
  if (!method || foreign) throw refuse(422, `No such PaymentMethod: '${r.nonce}'`);
  method.ownerId ??= account.userId;
  const b = method.behaviour;
  if (b.kind === 'decline') return failure(b);
  if ((b.kind === 'three_d_secure' || r.threeDSecure) && !method.authenticated) {
    const amount = pricesFor(plan, account, r.currency).price_with_discount;
    const intent = {
      id: newId('pi'),
      secret: '',
      userId: account.userId,
      plan,
      paymentMethodId: method.id,
      amount,
      currency: r.currency,
      status: 'requires_action' as const,
    };
    intent.secret = `${intent.id}_secret_${newId('s').slice(5)}`;
    p.intents.set(intent.id, intent);
    return { httpStatus: 200, result: { status: 'requires_action', data: { payment_intent_secret: intent.secret, payment_intent_id: intent.id } } };
  }
  return { httpStatus: 200, result: successResult(subscribe(p, account, plan, 'stripe', r.fbEventId, r.currency)) };
}

export async function postSubscription(state: SandboxState, req: IncomingMessage, res: ServerResponse, match: RegExpExecArray): Promise<void> {
  const account = requireAccount(state, req);
  limitRate(state, 'payment', account.userId);
  const plan = planOf(match);
  const rawBody = await readJsonBody(req);
  const r = readPurchase(rawBody, 'stripe');
  notePurchaseOrigin(state, account.userId, r.fbEventId, rawBody, req);
  if (r.upsell && plan !== UPSELL_PLAN) throw refuse(422, `is_upsell is only for "${UPSELL_PLAN}"`);
  const idempotencyKey = idempotencyKeyOf(req);
  const p = paymentsOf(state);
  const print = fingerprint(plan, rawBody);
  if (idempotencyKey) {
    const earlier = p.idempotency.get(`${account.userId}|${idempotencyKey}`);
    if (earlier && earlier.fingerprint !== print && state.contractBreak !== 'idempotency.conflict') {
      throw refuse(400, 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
    }
    if (earlier?.fingerprint === print && state.contractBreak !== 'idempotency.replay')
      return sendJson(res, 200, { data: { polling_result_id: earlier.pollingId } });
  }
  const key = `${account.userId}|${r.fbEventId}|${r.intentId}`;
  const repeated = p.requests.get(key);
  if (repeated && state.contractBreak !== 'idempotency.replay') return sendJson(res, 200, { data: { polling_result_id: repeated } });
  checkSale(state, account, { plan, upsell: r.upsell, landingType: r.landingType, currency: r.currency });
  if (state.contractBreak !== 'rate-limit.payment') countAttempt(p, account.userId);
  // a new purchase: a payment of the account still waiting for 3-D Secure must never be charged as well
  if (state.contractBreak !== 'open-intent-cancelled') cancelOpenIntents(p, account.userId, r.intentId);
  const job = { id: newId('poll'), userId: account.userId, pendingLeft: p.pendingPolls, ...decide(state, account, plan, r) };
  p.polls.set(job.id, job);
  p.requests.set(key, job.id);
  if (idempotencyKey) p.idempotency.set(`${account.userId}|${idempotencyKey}`, { fingerprint: print, pollingId: job.id });
  sendJson(res, 200, { data: { polling_result_id: job.id } });
}

export function getPollingResult(state: SandboxState, req: IncomingMessage, res: ServerResponse, match: RegExpExecArray): void {
  const account = requireAccount(state, req);
  const job = paymentsOf(state).polls.get(segment(match));
  if (!job || job.userId !== account.userId) throw refuse(404, 'No such polling result');
  if (job.pendingLeft > 0) {
    job.pendingLeft -= 1;
    return sendJson(res, 202, { data: { status: 'pending' } }, { 'retry-after': '1' });
  }
  sendJson(res, job.httpStatus, { data: { result_data: job.result } });
}

export async function braintreeSubscription(state: SandboxState, req: IncomingMessage, res: ServerResponse, match: RegExpExecArray): Promise<void> {
  const account = requireAccount(state, req);
  limitRate(state, 'payment', account.userId);
  const plan = planOf(match);
  const body = await readJsonBody(req);
  const r = readPurchase(body, 'braintree');
  notePurchaseOrigin(state, account.userId, r.fbEventId, body, req);
  await postBraintreeSubscription(state, req, res, plan, {
    body,
    nonce: r.nonce,
    fbEventId: r.fbEventId,
    upsell: r.upsell,
    landingType: r.landingType,
    currency: r.currency,
    idempotencyKey: idempotencyKeyOf(req),
  });
}

/** The receipt lookup: the account's subscription by id, as the success page confirms it. */
export function getSubscription(state: SandboxState, req: IncomingMessage, res: ServerResponse, match: RegExpExecArray): void {
  const account = requireAccount(state, req);
  const id = segment(match);
  const s = paymentsOf(state).subscriptions.find((x) => x.id === id && (x.userId === account.userId || state.contractBreak === 'receipt-owner'));
  if (!s) throw refuse(404, 'No such subscription');
  sendJson(res, 200, {
    data: {
      subscription_id: s.id,
      plan: s.plan,
      is_upsell: s.upsell,
      status: 'active',
      price_with_discount: s.price_with_discount,
      regular_price: s.regular_price,
    },
  });
}

export function listSubscriptions(state: SandboxState, url: URL, res: ServerResponse): void {
  const email = url.searchParams.get('email')?.trim().toLowerCase();
  const list = paymentsOf(state).subscriptions.filter((s) => !email || s.email === email);
  sendJson(res, 200, { subscriptions: list });
}

/** The payment routes, registered in previewServer.ts `sandboxRoutes`. */
export const paymentRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: new RegExp(`^${PORTAL}/users/me/subscriptions/polling/([^/]+)$`), handle: (s, req, res, m) => postSubscription(s, req, res, m) },
  { method: 'GET', pattern: new RegExp(`^${PORTAL}/polling/get-result/([^/]+)$`), handle: (s, req, res, m) => getPollingResult(s, req, res, m) },
  { method: 'GET', pattern: new RegExp(`^${PORTAL}/users/me/subscriptions/([^/]+)$`), handle: (s, req, res, m) => getSubscription(s, req, res, m) },
  {
    method: 'POST',
    pattern: new RegExp(`^${BRAINTREE}/users/me/braintree/subscriptions/([^/]+)$`),
    handle: (s, req, res, m) => braintreeSubscription(s, req, res, m),
  },
  ...braintreeClientRoutes,
  { method: 'GET', pattern: /^\/sandbox\/subscriptions$/, handle: (s, _req, res, _m, url) => listSubscriptions(s, url, res) },
  { method: 'POST', pattern: new RegExp(`^${STRIPE}/payment_methods$`), handle: (s, req, res) => createPaymentMethod(s, req, res) },
  {
    method: 'GET',
    pattern: new RegExp(`^${STRIPE}/payment_intents/([^/]+)$`),
    handle: (s, req, res, m, url) => retrievePaymentIntent(s, req, res, m[1] ?? '', url),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${STRIPE}/payment_intents/([^/]+)/confirm$`),
    handle: (s, req, res, m) => confirmPaymentIntent(s, req, res, m[1] ?? ''),
  },
];
