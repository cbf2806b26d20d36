/**
 * The sandbox payment API (scripts/server/sandbox/payments.ts) over real HTTP, read through the
 * funnel's own client (the portal adapter, screens/backend/portalSubscriptions.ts), so client and server shapes stay one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { createHttpClients } from '../../screens/backend/http.ts';
import { PaymentApiError } from '../../engine/payments/index.ts';
import { catalogueIn, offeredCurrencies, planPricing, toMinorUnits } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { portalWire, type PortalWire, type WireBody } from './portalWire.ts';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '../../scripts/server/sandbox/account.ts';
import { MAX_ATTEMPTS_PER_ACCOUNT, paymentsOf } from '../../scripts/server/sandbox/paymentsState.ts';
import { removeBuild } from '../removeBuild.ts';
import { RATE_RULES } from '../../scripts/server/sandbox/rateLimits.ts';

let server: PreviewServer;
let dist: string;
const PLAN = 'gz-3-month-fox';
const UPSELL = 'gz-monthly-driver-sos-skovoroda';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sandbox-payments-'));
  server = await startPreviewServer({ distDir: dist, port: 0 });
  paymentsOf(server.state).braintreeDelayMs = 0; // answer at once: these tests read the answers, not the timing
});
afterAll(async () => {
  await server.close();
  removeBuild(dist);
});

const url = (path: string): string => `${server.url}${path}`;

/** The fields of sandbox answers these tests read. */
interface SandboxBody {
  errors?: { messages: string[] };
  error?: { type: string; code: string; message: string };
  access_token?: string;
  id?: string;
  status?: string;
  subscriptions?: Array<Record<string, unknown>>;
  [field: string]: unknown;
}

async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: SandboxBody; headers: Headers }> {
  const res = await fetch(url(path), {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as SandboxBody, headers: res.headers };
}

let n = 0;
async function visitor(landingType = 'fullPrice'): Promise<{ token: string; userId: string; email: string; api: PortalWire }> {
  const email = `buyer${++n}.${Date.now()}@example.com`;
  const { body } = await call('POST', '/sandbox/webapi/api/v1/signup', { registration_source: 'email', name: 'Ada', email, landing_type: landingType });
  const token = body.access_token!;
  const userId = String((body.entity as { geozilla_user_id: string }).geozilla_user_id);
  const base = { backendSettings: Object.fromEntries(Object.entries(PREVIEW_CONFIG.backendSettings).map(([name, path]) => [name, url(path)])) };
  return { token, userId, email, api: portalWire(createHttpClients(base, () => token)) };
}

async function paymentMethod(number: string, extra: Record<string, unknown> = {}): Promise<{ status: number; body: SandboxBody }> {
  return call(
    'POST',
    '/sandbox/stripe/v1/payment_methods',
    {
      type: 'card',
      card: { number, exp_month: 12, exp_year: 2034, cvc: '123', ...extra },
      billing_details: { name: 'Ada Lovelace' },
    },
    SANDBOX_PUBLISHABLE_KEY,
  );
}

const body = (pm: string, fbEventId: string, intent = ''): WireBody => ({
  gateway: 'stripe',
  payment_method_nonce: pm,
  coupon: '',
  fb_event_id: fbEventId,
  payment_intent_id: intent,
});

/** Polls through the 202s like the machine, returning the final result and how many 202s came first. */
async function settle(api: PortalWire, pollingId: string) {
  let pendings = 0;
  for (;;) {
    const answer = await api.getPollingResult(pollingId);
    if (!answer.pending) return { result: answer.result, pendings };
    expect(answer.retryAfterMs).toBe(1000);
    pendings++;
  }
}

async function subscriptions(email: string): Promise<Array<Record<string, unknown>>> {
  return (await call('GET', `/sandbox/subscriptions?email=${encodeURIComponent(email)}`)).body.subscriptions!;
}

describe('sandbox payment API', () => {
  it('answers 401 in the error shape without a bearer token', async () => {
    for (const [method, path] of [
      ['POST', `/sandbox/portal/api/v1/users/me/subscriptions/polling/${PLAN}`],
      ['GET', '/sandbox/portal/api/v1/polling/get-result/poll_x'],
      ['POST', `/sandbox/braintree/api/v1/users/me/braintree/subscriptions/${PLAN}`],
    ] as const) {
      const res = await call(method, path, method === 'POST' ? body('pm', 'e') : undefined);
      expect(res.status).toBe(401);
      expect(res.body.errors!.messages[0]).toMatch(/Bearer/);
    }
  });

  it('refuses bad bodies with 4xx and { errors: { messages } }', async () => {
    const { token } = await visitor();
    const post = (b: unknown, plan = PLAN) => call('POST', `/sandbox/portal/api/v1/users/me/subscriptions/polling/${plan}`, b, token);
    const missing = await post({ gateway: 'paypal' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors!.messages).toEqual([
      'gateway must be "stripe"',
      'fb_event_id is required (one per purchase attempt)',
      'payment_method_nonce is required',
    ]);
    expect((await post(body('pm', 'e'), 'gz-nope')).body).toEqual({ errors: { messages: ['Unknown plan "gz-nope"'] } });
    expect((await post(body('pm_unknown', 'e'))).body.errors!.messages).toEqual(["No such PaymentMethod: 'pm_unknown'"]);
    expect((await post({ ...body('pm', 'e'), is_upsell: true })).status).toBe(422);
    expect((await post('not json')).status).toBe(400);
    expect((await post({ ...body('pm', 'e'), coupon: 5 })).body.errors!.messages).toContain('coupon must be a string of at most 200 characters');
    expect((await call('POST', `/sandbox/portal/api/v1/users/me/subscriptions/polling/%E0%A4%A`, body('pm', 'e'), token)).status).toBe(400);
  });

  it("validates the card when a payment method is created, with Stripe's codes", async () => {
    expect((await paymentMethod('4242424242424241')).body).toEqual({
      error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' },
    });
    expect((await paymentMethod('4242424242424242', { exp_year: 2020 })).body.error!.code).toBe('invalid_expiry_year');
    expect((await paymentMethod('4242424242424242', { exp_month: 13 })).body.error!.code).toBe('invalid_expiry_month');
    expect((await paymentMethod('4242424242424242', { cvc: '1' })).body.error!.code).toBe('invalid_cvc');
    const ok = await paymentMethod('4242 4242 4242 4242');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ type: 'card', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } });
    expect(JSON.stringify(ok.body)).not.toContain('4242424242424242');
    const wrongKey = await call('POST', '/sandbox/stripe/v1/payment_methods', { type: 'card', card: {} }, 'pk_live_other');
    expect(wrongKey.status).toBe(401);
  });

  it('4242: answers 202 twice with Retry-After: 1, then the subscription with its prices', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    const pollingId = await v.api.postSubscription(PLAN, body(pm, 'evt-a'));
    const { result, pendings } = await settle(v.api, pollingId);
    expect(pendings).toBe(2);
    expect(result).toMatchObject({ status: 'succeeded', finalPrice: 59.88, regularPrice: 59.88 });
    expect(await subscriptions(v.email)).toHaveLength(1);
  });

  it('a discount variant pays the plan price, with the regular price the paywall strikes through', async () => {
    const v = await visitor('discount');
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    const { result } = await settle(v.api, await v.api.postSubscription('gz-1-month-tomato', body(pm, 'evt-d')));
    // the regular 1-month plan on "/" (tiger), not twice the discounted price
    expect(result).toMatchObject({ finalPrice: 19.96, regularPrice: 39.96 });
  });

  it('creates one subscription per purchase even when the request is repeated', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    const first = await v.api.postSubscription(PLAN, body(pm, 'evt-same'));
    const again = await v.api.postSubscription(PLAN, body(pm, 'evt-same'));
    expect(again).toBe(first);
    await settle(v.api, first);
    // a new attempt (new fb_event_id) for a plan the account already has gets the same subscription back
    const other = await settle(v.api, await v.api.postSubscription(PLAN, body(pm, 'evt-other')));
    const subs = await subscriptions(v.email);
    expect(subs).toHaveLength(1);
    expect(other.result.subscriptionId).toBe(subs[0]!.id);
  });

  it('4000002500003155: requires_action, then the confirmed intent completes the purchase', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4000002500003155')).body.id!;
    const { result } = await settle(v.api, await v.api.postSubscription(PLAN, body(pm, 'evt-3ds')));
    expect(result.status).toBe('requires_action');
    const { clientSecret: secret, paymentIntentId: intent } = result;
    expect(secret).toMatch(new RegExp(`^${intent}_secret_`));
    expect(await subscriptions(v.email)).toHaveLength(0);
    const retrieved = await call(
      'GET',
      `/sandbox/stripe/v1/payment_intents/${intent}?client_secret=${encodeURIComponent(secret!)}`,
      undefined,
      SANDBOX_PUBLISHABLE_KEY,
    );
    expect(retrieved.body).toEqual({ id: intent, status: 'requires_action', amount: 5988, currency: 'usd' });
    expect((await call('GET', `/sandbox/stripe/v1/payment_intents/${intent}?client_secret=nope`, undefined, SANDBOX_PUBLISHABLE_KEY)).status).toBe(404);
    const wrong = await call(
      'POST',
      `/sandbox/stripe/v1/payment_intents/${intent}/confirm`,
      { client_secret: 'nope', authentication: 'complete' },
      SANDBOX_PUBLISHABLE_KEY,
    );
    expect(wrong.status).toBe(404);
    const confirmed = await call(
      'POST',
      `/sandbox/stripe/v1/payment_intents/${intent}/confirm`,
      { client_secret: secret, authentication: 'complete' },
      SANDBOX_PUBLISHABLE_KEY,
    );
    expect(confirmed.body).toEqual({ id: intent, status: 'succeeded' });
    const done = await settle(v.api, await v.api.postSubscription(PLAN, body(pm, 'evt-3ds', intent)));
    expect(done.result).toMatchObject({ status: 'succeeded', finalPrice: 59.88 });
    expect(await subscriptions(v.email)).toHaveLength(1);
    // the card is now set up: the upsell goes through off-session without a new challenge
    const upsell = await settle(v.api, await v.api.postSubscription(UPSELL, { ...body(pm, 'evt-up'), is_upsell: true }));
    expect(upsell.result).toMatchObject({ status: 'succeeded', finalPrice: 9.99, regularPrice: 9.99 });
  });

  it('4000002500003155 with a failed challenge: the re-post answers the authentication failure', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4000002500003155')).body.id!;
    const { result } = await settle(v.api, await v.api.postSubscription(PLAN, body(pm, 'evt-f')));
    const { clientSecret: secret, paymentIntentId: intent } = result;
    const failed = await call(
      'POST',
      `/sandbox/stripe/v1/payment_intents/${intent}/confirm`,
      { client_secret: secret, authentication: 'fail' },
      SANDBOX_PUBLISHABLE_KEY,
    );
    expect(failed.body).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });
    const after = await settle(v.api, await v.api.postSubscription(PLAN, body(pm, 'evt-f', intent)));
    expect(after.result).toMatchObject({
      status: 'failed',
      messages: ['We are unable to authenticate your payment method. Please choose a different payment method and try again.'],
      declineCode: 'payment_intent_authentication_failure',
    });
    expect(after.result.subscriptionId).toBeUndefined();
    expect(await subscriptions(v.email)).toHaveLength(0);
  });

  it.each([
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000000069', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4000000000000119', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'],
    [
      '4111111111111111',
      'test_mode_live_card',
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    ],
  ])('%s declines with %s (402 and data.result_data, read by the client)', async (number, code, message) => {
    const v = await visitor();
    const pm = (await paymentMethod(number)).body.id!;
    const pollingId = await v.api.postSubscription(PLAN, body(pm, `evt-${number}`));
    await v.api.getPollingResult(pollingId);
    await v.api.getPollingResult(pollingId);
    const raw = await call('GET', `/sandbox/portal/api/v1/polling/get-result/${pollingId}`, undefined, v.token);
    expect(raw.status).toBe(402);
    expect(raw.body).toEqual({ data: { result_data: { status: 'failed', errors: { messages: [message] }, decline_code: code } } });
    const read = await v.api.getPollingResult(pollingId);
    expect(read).toMatchObject({ pending: false, result: { status: 'failed', messages: [message], declineCode: code } });
    expect(await subscriptions(v.email)).toHaveLength(0);
  });

  it('keeps polling jobs private to their account', async () => {
    const a = await visitor();
    const b = await visitor();
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    const pollingId = await a.api.postSubscription(PLAN, body(pm, 'evt-p'));
    await expect(b.api.getPollingResult(pollingId)).rejects.toMatchObject({ status: 404, messages: ['No such polling result'] });
  });

  it('refuses the upsell marker on a plan and the upsell alone; sells the upsell once per account, after the plan', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    await expect(v.api.postSubscription(PLAN, { ...body(pm, 'e1'), is_upsell: true })).rejects.toBeInstanceOf(PaymentApiError);
    await expect(v.api.postSubscription(UPSELL, { ...body(pm, 'u0'), is_upsell: true })).rejects.toMatchObject({ status: 409 });
    await settle(v.api, await v.api.postSubscription(PLAN, body(pm, 'e2')));
    await settle(v.api, await v.api.postSubscription(UPSELL, { ...body(pm, 'u1'), is_upsell: true }));
    await settle(v.api, await v.api.postSubscription(UPSELL, { ...body(pm, 'u2'), is_upsell: true }));
    const subs = await subscriptions(v.email);
    expect(subs.map((s) => [s.plan, s.upsell])).toEqual([
      [PLAN, false],
      [UPSELL, true],
    ]);
  });
});

describe('sandbox payment API: Idempotency-Key (as Stripe honours it)', () => {
  const post = (token: string, key: string, b: unknown, plan = PLAN) =>
    fetch(url(`/sandbox/portal/api/v1/users/me/subscriptions/polling/${plan}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
      body: JSON.stringify(b),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as SandboxBody & { data?: { polling_result_id: string } } }));

  it('answers the same key with the same request with the same polling id, and keeps one subscription', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    const first = await v.api.postSubscription(PLAN, body(pm, 'evt-1'), 'key-1');
    // the reload case: the client's retry sends the same key and body, even after the result is known
    await settle(v.api, first);
    expect(await v.api.postSubscription(PLAN, body(pm, 'evt-1'), 'key-1')).toBe(first);
    // the same body under the same key, its fields in another order, is the same request
    const reordered = await post(v.token, 'key-1', {
      payment_intent_id: '',
      fb_event_id: 'evt-1',
      currency: 'USD',
      coupon: '',
      payment_method_nonce: pm,
      gateway: 'stripe',
    });
    expect(reordered.body.data!.polling_result_id).toBe(first);
    expect(await subscriptions(v.email)).toHaveLength(1);
  });

  it('refuses the same key with another body or another plan with a clear 400, and creates nothing', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    await v.api.postSubscription(PLAN, body(pm, 'evt-1'), 'key-2');
    const otherBody = await post(v.token, 'key-2', body(pm, 'evt-2'));
    expect(otherBody.status).toBe(400);
    expect(otherBody.body.errors!.messages[0]).toMatch(/same parameters/);
    const otherPlan = await post(v.token, 'key-2', body(pm, 'evt-1'), 'gz-1-month-tiger');
    expect(otherPlan.status).toBe(400);
    expect((await subscriptions(v.email)).map((s) => s.fb_event_id)).toEqual(['evt-1']); // only the first request's
  });

  it('keeps keys per account: another account may use the same key', async () => {
    const a = await visitor();
    const b = await visitor();
    const first = await a.api.postSubscription(PLAN, body((await paymentMethod('4242424242424242')).body.id!, 'evt-1'), 'shared-key');
    const second = await b.api.postSubscription(PLAN, body((await paymentMethod('4242424242424242')).body.id!, 'evt-1'), 'shared-key');
    expect(second).not.toBe(first);
  });

  it('length-checks the key and every stored field', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    expect((await post(v.token, 'k'.repeat(256), body(pm, 'evt-1'))).status).toBe(400);
    const long = await post(v.token, 'key-3', { ...body(pm, 'e'.repeat(201)), landing_type: 'l'.repeat(65) });
    expect(long.status).toBe(422);
    expect(long.body.errors!.messages).toEqual(
      expect.arrayContaining(['fb_event_id must be a string of at most 200 characters', 'landing_type must be a string of at most 64 characters']),
    );
    const name = await call(
      'POST',
      '/sandbox/stripe/v1/payment_methods',
      {
        type: 'card',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
        billing_details: { name: 'n'.repeat(201) },
      },
      SANDBOX_PUBLISHABLE_KEY,
    );
    expect(name.status).toBe(400);
    expect((await paymentMethod('4'.repeat(40))).status).toBe(400);
  });

  it('limits subscription calls per account with a 429 and Retry-After, which the portal adapter reads', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4000000000000002')).body.id!;
    const answers = await Promise.allSettled(
      Array.from({ length: RATE_RULES.payment.burst + 1 }, (_, i) => v.api.postSubscription(PLAN, body(pm, `evt-flood-${i}`))),
    );
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as PaymentApiError] : []));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 429, retryAfterMs: expect.any(Number) });
    expect(refused[0]!.retryAfterMs).toBeGreaterThanOrEqual(1000);
  });

  it(`caps what one account keeps: past ${MAX_ATTEMPTS_PER_ACCOUNT} payment attempts it answers 429`, async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4000000000000002')).body.id!; // declines: every attempt is a new job
    // the attempts made before, more than the payment-call rate limit lets through at once
    paymentsOf(server.state).attempts.set(v.userId, MAX_ATTEMPTS_PER_ACCOUNT - 1);
    await v.api.postSubscription(PLAN, body(pm, 'evt-0'));
    await expect(v.api.postSubscription(PLAN, body(pm, 'evt-over'))).rejects.toMatchObject({ status: 429 });
    // a repeated request is answered from what is kept, not counted again
    expect(await v.api.postSubscription(PLAN, body(pm, 'evt-0'))).toMatch(/^poll_sb_/);
  });
});

describe('sandbox Braintree API', () => {
  const bt = (nonce: string, fb: string) => ({ gateway: 'braintree' as const, payment_method_nonce: nonce, coupon: '', fb_event_id: fb });

  it('subscribes with a valid nonce, once per fb_event_id', async () => {
    const v = await visitor();
    const first = await v.api.postBraintreeSubscription(PLAN, bt('fake-paypal-one-time-nonce', 'b1'));
    expect(first).toMatchObject({ finalPrice: 59.88, regularPrice: 59.88 });
    expect(first.subscriptionId).toMatch(/^sub_sb_/);
    expect(await v.api.postBraintreeSubscription(PLAN, bt('fake-paypal-one-time-nonce', 'b1'))).toEqual(first);
    expect((await subscriptions(v.email)).map((s) => s.gateway)).toEqual(['braintree']);
  });

  it('answers a declined nonce with errors.messages and a server error with no body', async () => {
    const v = await visitor();
    await expect(v.api.postBraintreeSubscription(PLAN, bt('fake-processor-declined-visa-nonce', 'b2'))).rejects.toMatchObject({
      status: 422,
      messages: ['Do Not Honor'],
    });
    await expect(v.api.postBraintreeSubscription(PLAN, bt('fake-server-error-nonce', 'b3'))).rejects.toMatchObject({ status: 500, messages: [] });
    const bad = await call('POST', `/sandbox/braintree/api/v1/users/me/braintree/subscriptions/${PLAN}`, { gateway: 'stripe' }, v.token);
    expect(bad.status).toBe(422);
    expect(bad.body.errors!.messages).toContain('gateway must be "braintree"');
  });
});

describe('sandbox payment API: the currency the visitor was shown', () => {
  const offered = offeredCurrencies(funnelData.plans);
  const post = (token: string, b: unknown) => call('POST', `/sandbox/portal/api/v1/users/me/subscriptions/polling/${PLAN}`, b, token);

  it.each(offered)('charges %s at the catalogue price in it, answers both prices in it and records it', async (currency) => {
    const v = await visitor();
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    const { result } = await settle(v.api, await v.api.postSubscription(PLAN, { ...body(pm, `evt-${currency}`), currency }));
    const pricing = planPricing(catalogueIn(funnelData.plans, currency).plans[PLAN]!);
    expect(result).toMatchObject({ status: 'succeeded', finalPrice: pricing.dueToday });
    expect(await subscriptions(v.email)).toEqual([expect.objectContaining({ plan: PLAN, currency, price_with_discount: pricing.dueToday })]);
  });

  it('refuses a currency the plan has no price in, and a malformed code, with a 422 and charges nothing', async () => {
    const v = await visitor();
    const pm = (await paymentMethod('4242424242424242')).body.id!;
    const unsold = Intl.supportedValuesOf('currency').find((code) => !offered.includes(code))!;
    const refused = await post(v.token, { ...body(pm, 'evt-x'), currency: unsold });
    expect(refused.status).toBe(422);
    expect(refused.body.errors!.messages).toEqual([`Plan "${PLAN}" has no price in ${unsold}`]);
    const malformed = await post(v.token, { ...body(pm, 'evt-y'), currency: 'eur' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors!.messages).toContain('currency must be an ISO 4217 code of three capital letters');
    expect(await subscriptions(v.email)).toEqual([]);
  });

  it('shows the 3-D Secure challenge the amount in the currency charged, in its smallest unit', async () => {
    const currency = offered.find((code) => code !== 'USD') ?? 'USD';
    const v = await visitor();
    const pm = (await paymentMethod('4000002500003155')).body.id!;
    const { result } = await settle(v.api, await v.api.postSubscription(PLAN, { ...body(pm, 'evt-3ds'), currency }));
    const secret = result.clientSecret!;
    const intent = await call(
      'GET',
      `/sandbox/stripe/v1/payment_intents/${secret.split('_secret_')[0]}?client_secret=${secret}`,
      undefined,
      SANDBOX_PUBLISHABLE_KEY,
    );
    const due = planPricing(catalogueIn(funnelData.plans, currency).plans[PLAN]!).dueToday;
    expect(intent.body).toMatchObject({ currency: currency.toLowerCase(), amount: toMinorUnits(due, currency) });
  });
});
