/**
 * The sandbox's Braintree portal (scripts/server/sandbox/paymentsBraintree.ts) over real HTTP through
 * the funnel's own client: the Idempotency-Key of call 5, the PayPal billing agreement vaulted with
 * the customer once paid, the vault manager's stand-in handing out single-use nonces for it, and the
 * upsell charged to the vaulted account exactly once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { createHttpClients } from '../../screens/backend/http.ts';
import { portalWire, type PortalWire, type WireBody } from './portalWire.ts';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { paymentsOf } from '../../scripts/server/sandbox/paymentsState.ts';
import { removeBuild } from '../removeBuild.ts';

let server: PreviewServer;
let dist: string;
const PLAN = 'gz-3-month-fox';
const UPSELL = 'gz-monthly-driver-sos-skovoroda';
const BILLING_AGREEMENT = 'fake-paypal-billing-agreement-nonce';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sandbox-braintree-'));
  server = await startPreviewServer({ distDir: dist, port: 0 });
  paymentsOf(server.state).braintreeDelayMs = 0; // answer at once: these tests read the answers, not the timing
});
afterAll(async () => {
  await server.close();
  removeBuild(dist);
});

const url = (path: string): string => `${server.url}${path}`;

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

let n = 0;
async function visitor(): Promise<{ email: string; clientToken: string; api: PortalWire }> {
  const email = `paypal${++n}.${Date.now()}@example.com`;
  const signup = await post('/sandbox/webapi/api/v1/signup', { registration_source: 'email', name: 'Ada', email, landing_type: 'fullPrice' });
  const token = signup.body.access_token as string;
  const settings = await fetch(url('/sandbox/portal/api/v1/users/me/payments-settings'), { headers: { authorization: `Bearer ${token}` } });
  const clientToken = ((await settings.json()) as { braintree_client_token: string }).braintree_client_token;
  const base = { backendSettings: Object.fromEntries(Object.entries(PREVIEW_CONFIG.backendSettings).map(([name, path]) => [name, url(path)])) };
  return { email, clientToken, api: portalWire(createHttpClients(base, () => token)) };
}

const bt = (nonce: string, fb: string, upsell = false): WireBody => ({
  gateway: 'braintree',
  payment_method_nonce: nonce,
  coupon: '',
  fb_event_id: fb,
  ...(upsell ? { is_upsell: true } : {}),
});

/** The vault manager's fetchPaymentMethods, as the preview build's stand-in asks it. */
async function vaulted(clientToken: string): Promise<{ status: number; methods: Array<{ nonce: string; type: string; default: boolean }> }> {
  const res = await post('/sandbox/braintree/client_api/v1/payment_methods', { authorization: clientToken });
  return { status: res.status, methods: (res.body.paymentMethods ?? []) as Array<{ nonce: string; type: string; default: boolean }> };
}

async function subscriptions(email: string): Promise<Array<{ plan: string; gateway: string; upsell: boolean }>> {
  const res = await fetch(url(`/sandbox/subscriptions?email=${encodeURIComponent(email)}`));
  return ((await res.json()) as { subscriptions: Array<{ plan: string; gateway: string; upsell: boolean }> }).subscriptions;
}

describe('sandbox Braintree portal', () => {
  it('answers the same Idempotency-Key with its first answer, and refuses it with another body', async () => {
    const v = await visitor();
    const first = await v.api.postBraintreeSubscription(PLAN, bt(BILLING_AGREEMENT, 'e1'), 'key-1');
    expect(await v.api.postBraintreeSubscription(PLAN, bt(BILLING_AGREEMENT, 'e1'), 'key-1')).toEqual(first);
    await expect(v.api.postBraintreeSubscription(PLAN, bt(BILLING_AGREEMENT, 'e2'), 'key-1')).rejects.toMatchObject({ status: 400 });
    expect(await subscriptions(v.email)).toHaveLength(1);
  });

  it('vaults a paid billing agreement: the vault manager then hands out a fresh single-use nonce per fetch', async () => {
    const v = await visitor();
    expect((await vaulted(v.clientToken)).methods).toEqual([]);
    await v.api.postBraintreeSubscription(PLAN, bt(BILLING_AGREEMENT, 'e1'), 'k1');
    const a = await vaulted(v.clientToken);
    const b = await vaulted(v.clientToken);
    expect(a.methods).toEqual([expect.objectContaining({ type: 'PayPalAccount', default: true })]);
    expect(a.methods[0]!.nonce).not.toBe(b.methods[0]!.nonce);
    expect((await vaulted('sandbox_bt_nobody')).status).toBe(401);
    expect((await vaulted('not-a-token')).status).toBe(401);
  });

  it('charges the upsell to the vaulted account once: a repeat answers the same, the nonce cannot be used again', async () => {
    const v = await visitor();
    await v.api.postBraintreeSubscription(PLAN, bt(BILLING_AGREEMENT, 'e1'), 'k1');
    const nonce = (await vaulted(v.clientToken)).methods[0]!.nonce;
    const bought = await v.api.postBraintreeSubscription(UPSELL, bt(nonce, 'u1', true), 'up-1');
    expect(bought).toMatchObject({ finalPrice: 9.99 });
    expect(await v.api.postBraintreeSubscription(UPSELL, bt(nonce, 'u1', true), 'up-1')).toEqual(bought);
    await expect(v.api.postBraintreeSubscription(UPSELL, bt(nonce, 'u2', true), 'up-2')).rejects.toMatchObject({
      status: 422,
      messages: ['Unknown or expired payment_method_nonce.'],
    });
    expect((await subscriptions(v.email)).map((s) => [s.plan, s.gateway, s.upsell])).toEqual([
      [PLAN, 'braintree', false],
      [UPSELL, 'braintree', true],
    ]);
  });

  it("refuses another customer's vault nonce and the upsell marker on a plan", async () => {
    const owner = await visitor();
    const other = await visitor();
    await owner.api.postBraintreeSubscription(PLAN, bt(BILLING_AGREEMENT, 'e1'), 'k1');
    const nonce = (await vaulted(owner.clientToken)).methods[0]!.nonce;
    await expect(other.api.postBraintreeSubscription(PLAN, bt(BILLING_AGREEMENT, 'e9', true), 'y')).rejects.toMatchObject({ status: 422 });
    await other.api.postBraintreeSubscription(PLAN, bt('fake-valid-nonce', 'e8'), 'z');
    await expect(other.api.postBraintreeSubscription(UPSELL, bt(nonce, 'u1', true), 'x')).rejects.toMatchObject({ status: 422 });
    expect((await subscriptions(other.email)).map((s) => s.plan)).toEqual([PLAN]);
  });
});
