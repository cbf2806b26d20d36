/**
 * What the sandbox portal sells and what it refuses, over real HTTP: only the plans of the request's
 * landing, one active main subscription per account whatever the plan (a retry with the same key
 * gets the same answer), the add-on only beside a subscription; bodies nested too deep get a 400 on
 * every route; Braintree client tokens are random; a path that resolves to "//host" is never a Location.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { sandboxRoutes } from '../../scripts/server/previewServer.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '../../scripts/server/sandbox/account.ts';
import { paymentsOf } from '../../scripts/server/sandbox/paymentsState.ts';
import { MAX_JSON_DEPTH } from '../../scripts/server/requestGuards.ts';
import { send } from './previewServerHarness.ts';
import { removeBuild } from '../removeBuild.ts';

let server: PreviewServer;
let dist: string;
const UPSELL = 'gz-monthly-driver-sos-skovoroda';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sandbox-rules-'));
  server = await startPreviewServer({ distDir: dist, port: 0 });
  paymentsOf(server.state).pendingPolls = 0;
  paymentsOf(server.state).braintreeDelayMs = 0;
});
afterAll(async () => {
  await server.close();
  removeBuild(dist);
});

interface Answer {
  status: number;
  body: { errors?: { messages: string[] }; data?: Record<string, unknown>; access_token?: string; id?: string; braintree_client_token?: string };
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
}

let n = 0;
async function account(landingType = 'fullPrice'): Promise<{ token: string; email: string }> {
  const email = `rules${++n}.${Date.now()}@example.com`;
  const { body } = await call('POST', '/sandbox/webapi/api/v1/signup', { registration_source: 'email', name: 'Ada', email, landing_type: landingType });
  return { token: body.access_token!, email };
}

async function card(): Promise<string> {
  const { body } = await call(
    'POST',
    '/sandbox/stripe/v1/payment_methods',
    { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' }, billing_details: { name: 'Ada' } },
    { authorization: `Bearer ${SANDBOX_PUBLISHABLE_KEY}` },
  );
  return body.id!;
}

const buy = async (token: string, plan: string, key: string, extra: Record<string, unknown> = {}): Promise<Answer> => {
  const body = { gateway: 'stripe', payment_method_nonce: await card(), coupon: '', fb_event_id: key, payment_intent_id: '', ...extra };
  return call('POST', `/sandbox/portal/api/v1/users/me/subscriptions/polling/${plan}`, body, { authorization: `Bearer ${token}`, 'idempotency-key': key });
};
const buyWithPayPal = (token: string, plan: string, key: string, extra: Record<string, unknown> = {}): Promise<Answer> =>
  call(
    'POST',
    `/sandbox/braintree/api/v1/users/me/braintree/subscriptions/${plan}`,
    { gateway: 'braintree', payment_method_nonce: 'fake-valid-nonce', coupon: '', fb_event_id: key, ...extra },
    { authorization: `Bearer ${token}`, 'idempotency-key': key },
  );
const subscriptions = async (email: string): Promise<Array<{ plan: string; id: string }>> =>
  ((await call('GET', `/sandbox/subscriptions?email=${encodeURIComponent(email)}`)).body as unknown as { subscriptions: Array<{ plan: string; id: string }> })
    .subscriptions;

describe('only what the landing sells', () => {
  it("refuses the 1-day test plan, another landing's plan and a catalogue plan no variant offers; sells the landing's own", async () => {
    const a = await account('fullPrice');
    for (const plan of ['gz-1-day-test', 'gz-3-months-intro-banana', 'gz-28-days-vasyl-stus']) {
      const answer = await buy(a.token, plan, `k-${plan}`, { landing_type: 'fullPrice' });
      expect(answer.status, plan).toBe(422);
      expect(answer.body.errors?.messages.join(' ')).toContain('is not sold on the "fullPrice" landing');
    }
    expect((await buyWithPayPal(a.token, 'gz-3-months-intro-banana', 'bt-1')).status).toBe(422);
    expect(await subscriptions(a.email)).toEqual([]);
    expect((await buy(a.token, 'gz-3-month-fox', 'k-fox', { landing_type: 'fullPrice' })).status).toBe(200);
  });

  it("reads the request's landing_type, else the account's own landing; an unknown one is a 422", async () => {
    const a = await account('optionsa');
    expect((await buy(a.token, 'gz-3-month-fox', 'k1')).status).toBe(422); // optionsa does not sell fox
    expect((await buy(a.token, 'gz-3-months-intro-banana', 'k2', { landing_type: 'constructor' })).status).toBe(422);
    expect((await buy(a.token, 'gz-3-months-intro-banana', 'k3')).status).toBe(200);
  });
});

describe('one active main subscription per account', () => {
  it('a second main plan is a 409 whatever the plan, also on a retry with its key', async () => {
    const a = await account();
    const first = await buy(a.token, 'gz-3-month-fox', 'tab-1');
    expect(first.status).toBe(200);
    const second = await buy(a.token, 'gz-1-month-tiger', 'tab-2');
    expect(second.status).toBe(409);
    expect(second.body.errors?.messages.join(' ')).toContain('already has an active subscription');
    expect((await buy(a.token, 'gz-1-month-tiger', 'tab-2')).status).toBe(409);
    expect((await buyWithPayPal(a.token, 'gz-6-month-panther', 'tab-3')).status).toBe(409);
    expect((await subscriptions(a.email)).map((s) => s.plan)).toEqual(['gz-3-month-fox']);
  });

  it('the add-on is refused alone and sold beside a subscription', async () => {
    const a = await account();
    expect((await buy(a.token, UPSELL, 'u-0', { is_upsell: true })).status).toBe(409);
    expect((await buy(a.token, UPSELL, 'u-00')).status).toBe(422); // the add-on without its marker
    expect((await buyWithPayPal(a.token, UPSELL, 'u-bt', { is_upsell: true })).status).toBe(409);
    expect((await buy(a.token, 'gz-1-month-tiger', 'main')).status).toBe(200);
    expect((await buy(a.token, UPSELL, 'u-1', { is_upsell: true })).status).toBe(200);
    expect((await subscriptions(a.email)).map((s) => s.plan)).toEqual(['gz-1-month-tiger', UPSELL]);
  });
});

describe('the receipt lookup', () => {
  it("answers the account's subscription, and 404 for another account's or an unknown id", async () => {
    const a = await account();
    const b = await account();
    await buy(a.token, 'gz-3-month-fox', 'r-1');
    const [sub] = await subscriptions(a.email);
    const mine = await call('GET', `/sandbox/portal/api/v1/users/me/subscriptions/${sub!.id}`, undefined, { authorization: `Bearer ${a.token}` });
    expect(mine).toMatchObject({
      status: 200,
      body: { data: { subscription_id: sub!.id, plan: 'gz-3-month-fox', price_with_discount: 59.88, status: 'active' } },
    });
    expect((await call('GET', `/sandbox/portal/api/v1/users/me/subscriptions/${sub!.id}`, undefined, { authorization: `Bearer ${b.token}` })).status).toBe(404);
    expect((await call('GET', '/sandbox/portal/api/v1/users/me/subscriptions/sub_forged', undefined, { authorization: `Bearer ${a.token}` })).status).toBe(404);
  });
});

describe('bodies nested too deep', () => {
  const deep = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it(`every POST route answers a body nested past ${MAX_JSON_DEPTH} levels with a 400 and a message, never a 500`, async () => {
    const { token } = await account();
    const body = deep(7900);
    expect(body.length).toBeLessThan(48 * 1024);
    const small = deep(2600); // within 16 KiB
    for (const route of sandboxRoutes.filter((r) => r.method === 'POST')) {
      const path = route.pattern.source
        .replace(/^\^/, '')
        .replace(/\$$/, '')
        .replace('([^/]+)', 'gz-3-month-fox')
        .replace('(\\d{1,12})', '1')
        .replace('/?', '')
        .replace(/\\\//g, '/');
      const answer = await send(server.url, 'POST', path, small, { 'content-type': 'application/json', authorization: `Bearer ${token}` });
      expect(answer.status, path).toBeLessThan(500);
      expect([400, 401, 413], path).toContain(answer.status);
    }
    const events = await call('POST', '/sandbox/events', small);
    expect(events.status).toBe(400);
    expect(events.body.errors?.messages.join(' ')).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    const fine = await call('POST', '/sandbox/events', { kind: 'track', name: 'ok', props: JSON.parse(deep(10)) as unknown });
    expect(fine.status).toBeLessThan(300);
  });
});

describe('smaller guards', () => {
  it('signup refuses invisible and look-alike characters in the e-mail, as the browser does', async () => {
    const signup = (email: string) =>
      call('POST', '/sandbox/webapi/api/v1/signup', { registration_source: 'email', name: 'Ada', email, landing_type: 'fullPrice' });
    const invisible = await signup(`an\u200Bna.${Date.now()}@example.com`);
    expect(invisible.status).toBe(422);
    expect(JSON.stringify(invisible.body)).toContain('invisible characters');
    const lookalike = await signup(`\uFF41nna.${Date.now()}@example.com`);
    expect(lookalike.status).toBe(422);
    expect(JSON.stringify(lookalike.body)).toContain('look-alike characters');
    expect((await signup(`ju\u0308rgen.${Date.now()}@example.de`)).status).toBe(200);
  });

  it('Braintree client tokens are random, not the user id', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { token } = await account();
      const settings = await call('GET', '/sandbox/portal/api/v1/users/me/payments-settings', undefined, { authorization: `Bearer ${token}` });
      const client = settings.body.braintree_client_token!;
      expect(client).toMatch(/^sandbox_bt_[A-Za-z0-9_-]{24}$/);
      tokens.add(client);
    }
    expect(tokens.size).toBe(3);
  });

  it('a raw path that resolves to "//host" is a 400, never a Location to another host', async () => {
    for (const path of ['//evil.example/x', '/./\\evil.example/x', '/.//evil.example']) {
      const plain = await send(server.url, 'GET', path);
      expect(plain.status, path).toBe(400);
      expect(plain.headers.location, path).toBeUndefined();
      // an over-long address is redirected to its path: never to one that names another host
      const long = await send(server.url, 'GET', `${path}?${'q'.repeat(9000)}`);
      expect(long.headers.location, path).toBeUndefined();
      expect(long.status, path).toBeGreaterThanOrEqual(400);
    }
  });
});
