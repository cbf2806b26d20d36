/**
 * Sandbox calls 1 and 2 of spec section 7: POST {webapi}/signup and GET {portal}/users/me/payments-settings.
 * Special addresses let a visitor (and the e2e tests) see each failure:
 * - an address already signed up: 422 with errors.info.email "This email is already registered";
 * - anything @fail.test: 500 with no body (the client falls back to "Failed to create an account").
 * Every stored field is length-checked (fieldLimits.ts): a longer value is a 422 naming the field.
 * Signups past the limit per client address (rateLimits.ts) are a 429 with Retry-After.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, HttpError, readJsonBody, sendJson } from '../http.ts';
import { FIELD_LIMITS, tooLong } from './fieldLimits.ts';
import { checkEmail, type EmailProblem } from '../../../engine/core/email.ts';
import type { Account, SandboxState } from './state.ts';
import { clientAddress, limitRate } from './rateLimits.ts';

/** The server's words for each refusal (the client shows them as the e-mail error). */
const EMAIL_PROBLEMS: Record<EmailProblem, string> = {
  invisible: 'The email address contains invisible characters (such as zero-width spaces); please type it again',
  lookalike: 'The email address contains look-alike characters (such as full-width letters); please type it with ordinary letters',
  format: 'The email address looks wrong',
};
export const SANDBOX_PUBLISHABLE_KEY = 'pk_test_sandbox_family_locator';

/** The account behind the request's bearer token, or a 401. */
export function requireAccount(state: SandboxState, req: IncomingMessage): Account {
  const token = bearerToken(req);
  const account = token ? state.accountsByToken.get(token) : undefined;
  if (!account) throw new HttpError(401, { errors: { messages: ['Authentication required: send the access token as a Bearer token'] } });
  // both indexes see the use, so the store's cap pushes out accounts left alone, never one in use
  state.accountsByEmail.get(account.email);
  return account;
}

export async function signup(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  limitRate(state, 'signup', clientAddress(req));
  const body = await readJsonBody(req);
  const raw = typeof body.email === 'string' ? body.email : '';
  // the browser's own check (engine/core/email.ts): NFKC look-alikes and invisible characters refused
  const checked = raw.length <= FIELD_LIMITS.email && state.contractBreak !== 'signup-email' ? checkEmail(raw) : undefined;
  const email = (checked?.ok ? checked.email : raw.trim()).toLowerCase();
  const problems: Record<string, string> = {};
  if (body.registration_source !== 'email') problems.registration_source = 'registration_source must be "email"';
  if (checked && !checked.ok) problems.email = EMAIL_PROBLEMS[checked.problem];
  if (typeof body.name !== 'string' || !body.name.trim()) problems.name = 'name is required';
  if (typeof body.landing_type !== 'string' || !body.landing_type) problems.landing_type = 'landing_type is required';
  const lengths = {
    email: tooLong('email', email, FIELD_LIMITS.email),
    name: typeof body.name === 'string' ? tooLong('name', body.name.trim(), FIELD_LIMITS.name) : undefined,
    landing_type: typeof body.landing_type === 'string' ? tooLong('landing_type', body.landing_type, FIELD_LIMITS.landingType) : undefined,
  };
  for (const [field, problem] of Object.entries(lengths)) if (problem) problems[field] = problem;
  if (Object.keys(problems).length) return sendJson(res, 422, { errors: { info: problems } });
  if (email.endsWith('@fail.test')) {
    res.writeHead(500, { 'cache-control': 'no-store' });
    res.end();
    return;
  }
  if (state.accountsByEmail.has(email)) return sendJson(res, 422, { errors: { info: { email: 'This email is already registered' } } });
  const userId = String(state.nextUserId++);
  const account: Account = {
    userId,
    email,
    name: String(body.name).trim(),
    landingType: String(body.landing_type),
    token: randomBytes(24).toString('hex'),
    clientToken: state.contractBreak === 'client-token' ? `sandbox_bt_${userId}` : `sandbox_bt_${randomBytes(18).toString('base64url')}`,
  };
  state.accountsByEmail.set(email, account);
  state.accountsByToken.set(account.token, account);
  sendJson(res, 200, { access_token: account.token, entity: { geozilla_user_id: account.userId, email, name: account.name } });
}

/** An address with this tag (e.g. ada+force3ds@example.com) gets experiments.force_3ds_for_eu_customers on. */
export const FORCE_3DS_TAG = '+force3ds@';

export function paymentSettings(state: SandboxState, req: IncomingMessage, res: ServerResponse): void {
  const account = requireAccount(state, req);
  sendJson(res, 200, {
    stripe_publishable_key: SANDBOX_PUBLISHABLE_KEY,
    stripe_account_name: 'Family Locator (sandbox)',
    experiments: { discount_skip_paywall: false, force_3ds_for_eu_customers: account.email.includes(FORCE_3DS_TAG) },
    // read by the PayPal button (braintree-web's client token); the preview build's stand-in accepts it
    braintree_client_token: account.clientToken,
  });
}
