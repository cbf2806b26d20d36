/**
 * The sandbox's side of 3-D Secure for EU customers: the card's country on the payment method,
 * force_3ds_for_eu_customers in the payment settings of a tagged account, and the subscription
 * body's request_three_d_secure flag asking for the challenge on a card that would not need one.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '../../scripts/server/sandbox/account.ts';
import { paymentsOf } from '../../scripts/server/sandbox/paymentsState.ts';
import { removeBuild } from '../removeBuild.ts';

let server: PreviewServer;
let dist: string;
const PLAN = 'gz-3-month-fox';
const PORTAL = '/sandbox/portal/api/v1';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sandbox-3ds-'));
  server = await startPreviewServer({ distDir: dist, port: 0 });
  paymentsOf(server.state).pendingPolls = 0;
});
afterAll(async () => {
  await server.close();
  removeBuild(dist);
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read field by field

async function call(method: string, path: string, body: unknown, token: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

let n = 0;
async function signup(tag = ''): Promise<string> {
  const email = `eu${++n}.${Date.now()}${tag}@example.com`;
  const res = await call('POST', '/sandbox/webapi/api/v1/signup', { registration_source: 'email', name: 'Ada', email, landing_type: 'fullPrice' }, '');
  return res.body.access_token as string;
}

const method = async (number: string): Promise<Json> =>
  (
    await call(
      'POST',
      '/sandbox/stripe/v1/payment_methods',
      { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } },
      SANDBOX_PUBLISHABLE_KEY,
    )
  ).body;

async function result(token: string, pm: string, fb: string, extra: Json = {}): Promise<Json> {
  const posted = await call(
    'POST',
    `${PORTAL}/users/me/subscriptions/polling/${PLAN}`,
    { gateway: 'stripe', payment_method_nonce: pm, coupon: '', fb_event_id: fb, payment_intent_id: '', ...extra },
    token,
  );
  expect(posted.status).toBe(200);
  return (await call('GET', `${PORTAL}/polling/get-result/${posted.body.data.polling_result_id}`, undefined, token)).body.data.result_data;
}

describe('sandbox 3-D Secure for EU customers', () => {
  it("reports the card's country: Stripe's German and French test cards, US for the others", async () => {
    expect((await method('4000002760000016')).card).toMatchObject({ country: 'DE', brand: 'visa' });
    expect((await method('4000002500000003')).card).toMatchObject({ country: 'FR' });
    expect((await method('4242424242424242')).card).toMatchObject({ country: 'US' });
  });

  it('turns force_3ds_for_eu_customers on for a +force3ds address only', async () => {
    const settings = async (token: string) => (await call('GET', `${PORTAL}/users/me/payments-settings`, undefined, token)).body.experiments;
    expect(await settings(await signup('+force3ds'))).toMatchObject({ force_3ds_for_eu_customers: true });
    expect(await settings(await signup())).toMatchObject({ force_3ds_for_eu_customers: false });
  });

  it('asks for the challenge when the body requests 3-D Secure, and not otherwise', async () => {
    const token = await signup();
    const asked = await result(token, (await method('4000002760000016')).id, 'eu-1', { request_three_d_secure: 'any' });
    expect(asked).toMatchObject({ status: 'requires_action', data: { payment_intent_secret: expect.any(String) } });
    const other = await signup();
    expect(await result(other, (await method('4000002760000016')).id, 'eu-2')).toMatchObject({ status: 'succeeded' });
  });

  it('still declines a declined card first, and refuses an unknown flag value', async () => {
    const token = await signup();
    expect(await result(token, (await method('4000000000000002')).id, 'eu-3', { request_three_d_secure: 'any' })).toMatchObject({
      status: 'failed',
      decline_code: 'generic_decline',
    });
    const bad = await call(
      'POST',
      `${PORTAL}/users/me/subscriptions/polling/${PLAN}`,
      { gateway: 'stripe', payment_method_nonce: 'pm_x', fb_event_id: 'eu-4', request_three_d_secure: 'yes' },
      token,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.messages).toContain('request_three_d_secure must be "any" or "automatic"');
  });
});
