/**
 * The purchase relay's deployable faces: the Node `(req, res)` handler and the Web-standard
 * `fetch(Request)` handler (the backend's bearer token, the confirmation's located problems, size
 * limit, 502 when a vendor was dead-lettered), its configuration from environment variables, and the
 * preview server, which relays every purchase its sandbox confirms to its own vendor stand-ins and
 * shows the sends in the inspector's feed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunnelStore, subscriptionAttribution } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';
import landings from '../../flows/landings.json';
import { createRelay } from '../../scripts/relay/relay.ts';
import { createFetchHandler, createNodeHandler, MAX_CONFIRMATION_BYTES } from '../../scripts/relay/handler.ts';
import { DEFAULT_BASE_URLS, relayConfigFromEnv } from '../../scripts/relay/config.ts';
import { deadLetterFile } from '../../scripts/relay/deadLetterFile.ts';
import worker, { fetchHandler as fetchHandlerOf } from '../../scripts/relay/function.ts';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '../../scripts/server/sandbox/account.ts';
import { paymentsOf } from '../../scripts/server/sandbox/paymentsState.ts';
import { RELAY_COLUMNS } from '../../scripts/server/sandbox/vendorEndpoints.ts';
import { startVendorStandIns, type VendorStandIns } from './vendorStandIns.ts';

const TOKEN = 'relay-token-for-tests';

function attribution(): unknown {
  const store = createFunnelStore(productSlices);
  store.events.visitorId = 'visitor-http';
  const built = subscriptionAttribution(store, {
    consent: { analytics: true, marketing: true },
    gpc: false,
    userAgent: 'Mozilla/5.0 Test',
    pageUrl: 'https://funnel.example/checkout',
    meta: () => ({ fbp: 'fb.1.1700000000000.42', fbc: '' }),
  });
  return JSON.parse(JSON.stringify(built)) as unknown;
}

const confirmation = (eventId: string) => ({
  event_id: eventId,
  subscription_id: `sub_${eventId}`,
  confirmed_at: new Date().toISOString(),
  plan: 'plan-a',
  price_with_discount: 9.99,
  regular_price: 19.99,
  gateway: 'stripe',
  user: { id: '100001', email: 'ada@example.com' },
  attribution: attribution(),
});

let vendors: VendorStandIns;
let folder = '';
let nodeServer: Server;
let nodeUrl = '';
let fetchHandler: (r: Request) => Promise<Response>;

beforeAll(async () => {
  vendors = await startVendorStandIns();
  folder = mkdtempSync(join(tmpdir(), 'relay-http-'));
  const relay = createRelay({
    meta: { baseUrl: `${vendors.base}/meta`, apiVersion: 'v24.0', pixelId: '1234567890123456', accessToken: 'meta-secret' },
    ga4: { baseUrl: `${vendors.base}/ga4`, measurementId: 'G-TEST', apiSecret: 'ga-secret' },
    segment: { baseUrl: `${vendors.base}/segment`, writeKey: 'key' },
    retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1, timeoutMs: 5000 },
    deadLetter: deadLetterFile(join(folder, 'dead.jsonl')),
  });
  nodeServer = createServer(createNodeHandler(relay, TOKEN));
  await new Promise<void>((resolve) => nodeServer.listen(0, '127.0.0.1', resolve));
  nodeUrl = `http://127.0.0.1:${(nodeServer.address() as AddressInfo).port}/purchases`;
  fetchHandler = createFetchHandler(relay, TOKEN);
});
afterAll(async () => {
  await new Promise((resolve) => nodeServer.close(resolve));
  await vendors.close();
  rmSync(folder, { recursive: true, force: true });
});

const post = (body: string, token = TOKEN): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body,
});

describe('the Node and fetch handlers', () => {
  it('relay a valid confirmation and answer each vendor’s outcome (both forms alike)', async () => {
    const viaNode = await fetch(nodeUrl, post(JSON.stringify(confirmation('node-1'))));
    expect(viaNode.status).toBe(200);
    const viaFetch = await fetchHandler(new Request('https://relay.example/purchases', post(JSON.stringify(confirmation('fetch-1')))));
    expect(viaFetch.status).toBe(200);
    for (const body of [await viaNode.json(), await viaFetch.json()])
      expect(body).toEqual({ outcomes: ['meta', 'ga4', 'segment'].map((vendor) => ({ vendor, outcome: 'sent', attempts: 1 })) });
    expect(vendors.of('segment').map((r) => r.body.messageId)).toEqual(expect.arrayContaining(['node-1', 'fetch-1']));
  });

  it('refuse a wrong token, another method, a body too large and a confirmation with problems, naming each field', async () => {
    const count = vendors.received.length;
    expect((await fetch(nodeUrl, post('{}', 'wrong'))).status).toBe(401);
    expect((await fetch(nodeUrl)).status).toBe(405);
    expect((await fetch(nodeUrl, post('x'.repeat(MAX_CONFIRMATION_BYTES + 1)))).status).toBe(413);
    expect((await fetchHandler(new Request('https://relay.example/', post('{not json')))).status).toBe(400);
    const bad = { ...confirmation('bad'), event_id: '', price_with_discount: 'free', attribution: { consent: { analytics: 'yes' } } };
    const res = await fetch(nodeUrl, post(JSON.stringify(bad)));
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: { messages: string[] } };
    expect(errors.messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^event_id /),
        expect.stringMatching(/^price_with_discount /),
        expect.stringMatching(/^attribution\.consent\.analytics /),
        expect.stringMatching(/^attribution\.consent\.marketing /),
        expect.stringMatching(/^attribution\.user_agent /),
        expect.stringMatching(/^attribution\.page_url /),
      ]),
    );
    expect(vendors.received.length).toBe(count);
  });

  it('answer 502 when a vendor was dead-lettered, so the backend may send the confirmation again', async () => {
    vendors.answer('ga4', 500, 500);
    const res = await fetch(nodeUrl, post(JSON.stringify(confirmation('node-dead'))));
    expect(res.status).toBe(502);
    const { outcomes } = (await res.json()) as { outcomes: Array<{ vendor: string; outcome: string }> };
    expect(outcomes.find((o) => o.vendor === 'ga4')).toMatchObject({ outcome: 'dead-lettered' });
  });
});

describe('the serverless entry (scripts/relay/function.ts)', () => {
  it('builds the relay from the variables the host passes and relays with them', async () => {
    const env = {
      RELAY_TOKEN: TOKEN,
      SEGMENT_WRITE_KEY: 'serverless-key',
      SEGMENT_BASE_URL: `${vendors.base}/segment`,
      RELAY_DEAD_LETTER_FILE: join(folder, 'serverless.jsonl'),
    };
    const res = await worker.fetch(new Request('https://relay.example/', post(JSON.stringify(confirmation('worker-1')))), env);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { outcomes: unknown[] }).outcomes).toEqual([
      { vendor: 'meta', outcome: 'skipped', reason: 'not configured' },
      { vendor: 'ga4', outcome: 'skipped', reason: 'not configured' },
      { vendor: 'segment', outcome: 'sent', attempts: 1 },
    ]);
    const sent = vendors.of('segment').find((r) => r.body.messageId === 'worker-1')!;
    expect(sent.authorization).toBe(`Basic ${Buffer.from('serverless-key:').toString('base64')}`);
    expect((await fetchHandlerOf(new Request('https://relay.example/', post('{}', 'wrong')), env)).status).toBe(401);
  });
});

describe('configuration from the environment', () => {
  it('sets up each vendor whose variables are set, with the documented base addresses unless overridden', () => {
    const { config, token, problems } = relayConfigFromEnv({
      RELAY_TOKEN: 't',
      META_PIXEL_ID: '1',
      META_ACCESS_TOKEN: 'a',
      GA4_MEASUREMENT_ID: 'G-1',
      GA4_API_SECRET: 's',
      GA4_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(problems).toEqual([]);
    expect(token).toBe('t');
    expect(config.meta?.baseUrl).toBe(DEFAULT_BASE_URLS.meta);
    expect(config.ga4?.baseUrl).toBe('http://127.0.0.1:9');
    expect(config.segment).toBeUndefined();
  });

  it('names every variable set wrongly or missing its partner', () => {
    const { problems } = relayConfigFromEnv({ META_PIXEL_ID: '1', SEGMENT_WRITE_KEY: 'k', SEGMENT_BASE_URL: 'ftp://x', RELAY_MAX_ATTEMPTS: '0' });
    expect(problems).toEqual([
      expect.stringContaining('META_ACCESS_TOKEN'),
      expect.stringContaining('SEGMENT_BASE_URL'),
      expect.stringContaining('RELAY_MAX_ATTEMPTS'),
    ]);
  });
});

describe('the preview server', () => {
  let preview: PreviewServer;
  let dist = '';
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'relay-preview-'));
    preview = await startPreviewServer({ distDir: dist, port: 0, relayDeadLetter: join(dist, 'dead.jsonl') });
    paymentsOf(preview.state).pendingPolls = 0;
  });
  afterAll(async () => {
    await preview.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const call = async (path: string, body: unknown, token: string) => {
    const res = await fetch(`${preview.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Record<string, unknown>;
  };

  it('relays a purchase its sandbox confirms to its vendor stand-ins, shown in the inspector feed on the purchase’s id', async () => {
    const signup = await call(
      '/sandbox/webapi/api/v1/signup',
      { registration_source: 'email', name: 'Ada', email: `relay.${Date.now()}@example.com`, landing_type: 'fullPrice' },
      '',
    );
    const token = signup.access_token as string;
    const card = await call(
      '/sandbox/stripe/v1/payment_methods',
      { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } },
      SANDBOX_PUBLISHABLE_KEY,
    );
    const fbEventId = `fb-${Date.now()}`;
    await call(
      `/sandbox/portal/api/v1/users/me/subscriptions/polling/${landings.fullPrice.defaultPlan}`,
      {
        gateway: 'stripe',
        payment_method_nonce: card.id,
        coupon: '',
        fb_event_id: fbEventId,
        payment_intent_id: '',
        landing_type: 'fullPrice',
        attribution: attribution(),
      },
      token,
    );
    const sources = async () => {
      const feed = (await (await fetch(`${preview.url}/sandbox/inspector/feed?after=0`)).json()) as { entries: Array<{ source: string; eventId?: string }> };
      return feed.entries
        .filter((e) => e.eventId === fbEventId)
        .map((e) => e.source)
        .sort();
    };
    await expect.poll(sources, { timeout: 15_000 }).toEqual(RELAY_COLUMNS.map((c) => c.id).sort());
    const columns = (await (await fetch(`${preview.url}/__events/columns.json`)).json()) as Array<{ id: string }>;
    expect(columns.map((c) => c.id)).toEqual(expect.arrayContaining(RELAY_COLUMNS.map((c) => c.id)));
  });
});
