/**
 * The sandbox's Braintree portal (spec section 7, call 5) and its stand-in for Braintree's client API
 * (what braintree-web's vault manager asks; the client is engine/payments/sandbox/sandboxPayPal.tsx):
 *
 * POST {braintree}/users/me/braintree/subscriptions/{plan}   bearer token
 *   body  { gateway: 'braintree', payment_method_nonce, coupon?, fb_event_id, is_upsell?, ... }
 *   200   { data: { subscription_id, price_with_discount, regular_price } }
 *   422   { errors: { messages } } (a declined, unknown or already used nonce);  500 with no body for
 *         'fake-server-error-nonce' (the client shows "An error has occurred")
 *   Idempotency-Key header (optional, at most 255 characters): the same key with the same plan and body
 *   answers the first answer again and never charges twice; the same key with another plan or body is
 *   a 400. Without the header the same fb_event_id answers the first answer.
 *   The answer comes after `braintreeDelayMs` (1.5 s), as a real subscription call takes its time; the
 *   charge is made when the call arrives, so a page left meanwhile must not charge again.
 *   A paid PayPal billing agreement is vaulted with the account's Braintree customer, as a real portal
 *   must do anyway (a Braintree subscription charges a vaulted payment method token), so the upsell can
 *   charge the same PayPal account again with a nonce from the vault manager.
 * POST /sandbox/braintree/client_api/v1/payment_methods   body { authorization: <client token> }
 *   200   { paymentMethods: [{ nonce, type: 'PayPalAccount', default, details: { email }, description }] }
 *         the customer's vaulted methods, most recent first, each with a fresh single-use nonce
 *   401   { error: { message } } for a token that names no account
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { HttpError, readJsonBody, sendJson } from '../http.ts';
import { requireAccount } from './account.ts';
import { cancelOpenIntents, countAttempt, newId, paymentsOf, subscribe, UPSELL_PLAN, type PaymentsState } from './paymentsState.ts';
import type { Account, SandboxState } from './state.ts';
import type { SandboxRoute } from './routes.ts';
import { checkSale } from './saleRules.ts';

/** The base of the client API stand-in; also a marker the production-bundle test searches for. */
export const SANDBOX_BRAINTREE_CLIENT_API = '/sandbox/braintree/client_api/v1';

/** The client tokens of the sandbox's payment settings: this prefix and random characters (state.ts `clientToken`). */
export const SANDBOX_CLIENT_TOKEN_PREFIX = 'sandbox_bt_';

/** The most PayPal accounts the sandbox keeps vaulted per account, and unused vault nonces overall. */
export const MAX_VAULTED_PER_ACCOUNT = 5;
export const MAX_VAULT_NONCES = 5000;

type Answer = { status: number; body: unknown };

/** Braintree's documented test nonces, and one of ours for a bare server error. */
const BRAINTREE_DECLINES: Record<string, string> = {
  'fake-processor-declined-visa-nonce': 'Do Not Honor',
  'fake-gateway-rejected-fraud-nonce': 'Gateway Rejected: fraud',
};
const BRAINTREE_OK = new Set(['fake-valid-nonce', 'fake-paypal-one-time-nonce', 'fake-paypal-billing-agreement-nonce']);
/** The nonce whose approval is a PayPal billing agreement: vaulted with the customer once paid. */
const BILLING_AGREEMENT_NONCE = 'fake-paypal-billing-agreement-nonce';

const refuse = (status: number, ...messages: string[]): HttpError => new HttpError(status, { errors: { messages } });

/** The request as the idempotency check compares it: plan and body, with keys in a stable order. */
function fingerprint(plan: string, body: Record<string, unknown>): string {
  const sorted = Object.keys(body)
    .sort()
    .map((k) => [k, body[k]]);
  return createHash('sha256')
    .update(JSON.stringify([plan, sorted]))
    .digest('hex');
}

export interface BraintreePurchase {
  plan: string;
  body: Record<string, unknown>;
  nonce: string;
  fbEventId: string;
  upsell: boolean;
  /** The body's landing_type ('' when absent). */
  landingType: string;
  /** The body's currency (USD when absent). */
  currency: string;
  idempotencyKey: string;
}

/**
 * Answers call 5 once per idempotency key (or fb_event_id): a repeat gets the first answer, never a second charge.
 * @throws HttpError 400 when the key was first used with another request
 */
export function braintreePurchase(state: SandboxState, account: Account, r: BraintreePurchase): Answer {
  if (r.upsell && r.plan !== UPSELL_PLAN) throw refuse(422, `is_upsell is only for "${UPSELL_PLAN}"`);
  const p = paymentsOf(state);
  const print = fingerprint(r.plan, r.body);
  const keyed = r.idempotencyKey ? `${account.userId}|${r.idempotencyKey}` : '';
  const earlierKeyed = keyed ? p.braintreeIdempotency.get(keyed) : undefined;
  if (earlierKeyed && earlierKeyed.fingerprint !== print) {
    throw refuse(400, 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
  }
  if (earlierKeyed) return earlierKeyed.answer;
  const byEvent = `${account.userId}|${r.fbEventId}`;
  const earlier = p.braintreeRequests.get(byEvent);
  if (!earlier) {
    checkSale(state, account, { plan: r.plan, upsell: r.upsell, landingType: r.landingType, currency: r.currency });
    if (state.contractBreak !== 'rate-limit.payment') countAttempt(p, account.userId);
    // a new purchase: a card payment of the account still waiting for 3-D Secure must never be charged as well
    if (state.contractBreak !== 'open-intent-cancelled') cancelOpenIntents(p, account.userId);
  }
  const answer = earlier ?? braintreeAnswer(p, account, r);
  p.braintreeRequests.set(byEvent, answer);
  if (keyed) p.braintreeIdempotency.set(keyed, { fingerprint: print, answer });
  return answer;
}

function braintreeAnswer(p: PaymentsState, account: Account, { plan, nonce, fbEventId, currency }: BraintreePurchase): Answer {
  if (nonce === 'fake-server-error-nonce') return { status: 500, body: undefined };
  const declined = BRAINTREE_DECLINES[nonce];
  if (declined) return { status: 422, body: { errors: { messages: [declined] } } };
  const vaulted = p.vaultedNonces.get(nonce);
  if (vaulted) {
    // a vault nonce is single use and belongs to one customer
    p.vaultedNonces.delete(nonce);
    if (vaulted.userId !== account.userId) return { status: 422, body: { errors: { messages: ['Unknown or expired payment_method_nonce.'] } } };
  } else if (!BRAINTREE_OK.has(nonce)) {
    return { status: 422, body: { errors: { messages: ['Unknown or expired payment_method_nonce.'] } } };
  }
  const s = subscribe(p, account, plan, 'braintree', fbEventId, currency);
  if (nonce === BILLING_AGREEMENT_NONCE) vaultPayPal(p, account);
  return { status: 200, body: { data: { subscription_id: s.id, price_with_discount: s.price_with_discount, regular_price: s.regular_price } } };
}

/** Vaults the approved billing agreement with the account's customer (a bounded list, newest first). */
function vaultPayPal(p: PaymentsState, account: Account): void {
  const list = p.braintreeVault.get(account.userId) ?? [];
  list.unshift({ token: newId('bt_pm'), email: account.email, createdAt: new Date().toISOString() });
  p.braintreeVault.set(account.userId, list.slice(0, MAX_VAULTED_PER_ACCOUNT));
}

export async function postBraintreeSubscription(
  state: SandboxState,
  req: IncomingMessage,
  res: ServerResponse,
  plan: string,
  r: Omit<BraintreePurchase, 'plan'>,
): Promise<void> {
  const account = requireAccount(state, req);
  const answer = braintreePurchase(state, account, { ...r, plan });
  const delay = paymentsOf(state).braintreeDelayMs;
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  if (answer.body === undefined) {
    res.writeHead(answer.status, { 'cache-control': 'no-store' });
    res.end();
    return;
  }
  sendJson(res, answer.status, answer.body);
}

/** The account a sandbox client token names, or undefined. */
function accountOfClientToken(state: SandboxState, token: unknown): Account | undefined {
  if (typeof token !== 'string' || !token.startsWith(SANDBOX_CLIENT_TOKEN_PREFIX)) return undefined;
  for (const account of state.accountsByEmail.values()) if (account.clientToken === token) return account;
  return undefined;
}

/** The vault manager's fetchPaymentMethods: the customer's vaulted methods with fresh single-use nonces. */
export async function fetchVaultedPaymentMethods(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req);
  const account = accountOfClientToken(state, body.authorization);
  if (!account) return sendJson(res, 401, { error: { message: 'Authorization is invalid.' } });
  const p = paymentsOf(state);
  const methods = (p.braintreeVault.get(account.userId) ?? []).map((m, i) => {
    const nonce = newId('vaulted_nonce');
    p.vaultedNonces.set(nonce, { userId: account.userId, token: m.token });
    while (p.vaultedNonces.size > MAX_VAULT_NONCES) p.vaultedNonces.delete(p.vaultedNonces.keys().next().value!);
    return { nonce, type: 'PayPalAccount', default: i === 0, details: { email: m.email }, description: `PayPal ${m.email}` };
  });
  sendJson(res, 200, { paymentMethods: methods });
}

export const braintreeClientRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    pattern: new RegExp(`^${SANDBOX_BRAINTREE_CLIENT_API}/payment_methods$`),
    handle: (s, req, res) => fetchVaultedPaymentMethods(s, req, res),
  },
];
