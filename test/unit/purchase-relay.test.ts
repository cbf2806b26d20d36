/**
 * The purchase relay (scripts/relay) against local stand-ins of Meta's Conversions API, GA4's
 * Measurement Protocol and Segment's HTTP API: each request is in the vendor's documented format
 * (./vendorFormats.ts), carries the same de-duplication id as the browser's own event for the same
 * purchase (the real browser destinations make those here), goes only to vendors the visitor's
 * consent allows, is retried on 5xx, 429 and network failures, and lands in the dead-letter file when
 * it finally fails. The confirmation's attribution is built by the engine's subscriptionAttribution,
 * exactly as the funnel sends it.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAnalytics, createFunnelStore, memorySink, orderCompleted, subscriptionAttribution, type AnalyticsEvent } from '../../engine/index.ts';
import { createMetaPixel } from '../../engine/analytics/metaPixel.ts';
import { createGa4 } from '../../engine/analytics/ga4.ts';
import { createBatchSink } from '../../engine/analytics/batchSink.ts';
import { productSlices } from '../../screens/product/slices.ts';
import destinationsFile from '../../flows/destinations.json';
import { createRelay, type RelayConfig } from '../../scripts/relay/relay.ts';
import { parseConfirmation, type PurchaseConfirmation } from '../../scripts/relay/confirmation.ts';
import { deadLetterFile } from '../../scripts/relay/deadLetterFile.ts';
import type { DeadLetter } from '../../scripts/relay/delivery.ts';
import { startVendorStandIns, type VendorStandIns } from './vendorStandIns.ts';
import { ga4Problems, metaProblems, segmentProblems } from './vendorFormats.ts';

const WRITE_KEY = 'test-write-key';
const EMAIL = '  Ada.Lovelace@Example.COM ';
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const production = destinationsFile.environments.production.destinations;
const categoryOf = (type: string): string => production.find((d) => d.type === type)!.category;

/** A window with what the tag destinations touch; their scripts never load (the calls stay queued). */
function fakeWindow(): Window {
  return {
    location: { origin: 'https://funnel.example', href: 'https://funnel.example/checkout', pathname: '/checkout', search: '' },
    document: { title: 'Checkout', createElement: () => ({}), head: { appendChild: () => undefined } },
  } as unknown as Window;
}

type Consent = { analytics: boolean; marketing: boolean };

/**
 * A purchase as the browser makes it: the attribution the subscription call carries, and the ids the
 * browser's own Meta Pixel, GA4 and Segment destinations send for its Order Completed.
 */
async function browserPurchase(consent: Consent, gpc = false) {
  const at = Date.now() - 5000;
  const store = createFunnelStore(productSlices);
  store.events.visitorId = 'visitor-7c1e';
  const attribution = subscriptionAttribution(store, {
    consent,
    gpc,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Test',
    pageUrl: 'https://funnel.example/checkout?utm_source=facebook',
    meta: () => ({ fbp: 'fb.1.1700000000000.1073741824', fbc: 'fb.1.1700000000123.IwAR2xYz' }),
    gaClientId: () => '1234567890.1700000000',
  });
  const fbEventId = `evt-${Math.random().toString(36).slice(2)}`;
  const order = {
    plan: 'plan-a',
    subscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
    finalPrice: 9.99,
    regularPrice: 19.99,
    currency: 'USD',
    gateway: 'stripe',
    upsell: false,
  };
  const events: AnalyticsEvent[] = [];
  const analytics = createAnalytics(
    [memorySink(events)],
    () => at,
    () => ({ userId: '100001' }),
  );
  analytics.setVisitor('visitor-7c1e');
  analytics.track('Order Completed', orderCompleted({ ...order, eventId: fbEventId }));
  const event = events[0]!;

  const pixelCalls: unknown[][] = [];
  const pixel = createMetaPixel(
    {
      id: 'meta',
      type: 'meta-pixel',
      category: 'marketing',
      settings: { pixelId: '1234567890123456', scriptUrl: '/f.js' },
      events: { 'Order Completed': 'Purchase' },
    },
    { window: fakeWindow(), consent, report: (c) => pixelCalls.push(c as unknown[]) },
  );
  pixel.send(event);
  const gaCalls: unknown[][] = [];
  const ga4 = createGa4(
    { id: 'ga4', type: 'ga4', category: 'analytics', settings: { measurementId: 'G-TEST', scriptUrl: '/g.js' }, events: { 'Order Completed': 'purchase' } },
    { window: fakeWindow(), consent, report: (c) => gaCalls.push(c as unknown[]) },
  );
  ga4.send(event);
  const batches: Array<{ batch: Array<Record<string, unknown>> }> = [];
  const sink = createBatchSink(
    { url: 'https://collector.example/v1/batch', flushAt: 1 },
    {
      fetch: async (_url, init) => {
        batches.push(JSON.parse(String(init?.body)) as (typeof batches)[number]);
        return new Response('{}');
      },
      setTimeout: () => 0,
      now: () => at,
    },
  );
  sink.send(event);
  await vi.waitFor(() => expect(batches).toHaveLength(1));

  const purchase = pixelCalls.find((c) => c[0] === 'track' && c[1] === 'Purchase')!;
  const gaPurchase = gaCalls.find((c) => c[0] === 'event' && c[1] === 'purchase')!;
  const confirmation = {
    event_id: fbEventId,
    subscription_id: order.subscriptionId,
    confirmed_at: new Date(at + 1000).toISOString(),
    plan: order.plan,
    price_with_discount: order.finalPrice,
    regular_price: order.regularPrice,
    currency: 'USD',
    gateway: order.gateway,
    is_upsell: order.upsell,
    user: { id: '100001', email: EMAIL },
    client_ip_address: '203.0.113.7',
    attribution: JSON.parse(JSON.stringify(attribution)) as unknown,
  };
  return {
    confirmation,
    browser: {
      pixelEventId: (purchase[3] as { eventID: string }).eventID,
      ga4TransactionId: (gaPurchase[2] as { transaction_id: string }).transaction_id,
      segment: batches[0]!.batch[0]!,
    },
  };
}

const parsed = (json: unknown): PurchaseConfirmation => {
  const result = parseConfirmation(json);
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.value;
};

let vendors: VendorStandIns;
let folder = '';
beforeAll(async () => {
  vendors = await startVendorStandIns();
  folder = mkdtempSync(join(tmpdir(), 'relay-test-'));
});
afterAll(async () => {
  await vendors.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A relay pointed at the stand-ins, recording the back-off waits instead of waiting them. */
function relayFor(name: string, overrides: Partial<RelayConfig> = {}) {
  const deadLetters = join(folder, `${name}.jsonl`);
  const waits: number[] = [];
  const relay = createRelay({
    meta: { baseUrl: `${vendors.base}/meta`, apiVersion: 'v24.0', pixelId: '1234567890123456', accessToken: 'meta-secret' },
    ga4: { baseUrl: `${vendors.base}/ga4`, measurementId: 'G-TEST', apiSecret: 'ga-secret' },
    segment: { baseUrl: `${vendors.base}/segment`, writeKey: WRITE_KEY },
    retry: { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 5000, timeoutMs: 5000 },
    sleep: async (ms) => void waits.push(ms),
    deadLetter: deadLetterFile(deadLetters),
    ...overrides,
  });
  const letters = (): DeadLetter[] =>
    existsSync(deadLetters)
      ? readFileSync(deadLetters, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as DeadLetter)
      : [];
  return { relay, waits, letters };
}

/** The requests the stand-ins received for one purchase (by its ids). */
const sentFor = (c: PurchaseConfirmation) => ({
  meta: vendors.of('meta').filter((r) => (r.body.data as Array<{ event_id: string }>)[0]!.event_id === c.eventId),
  ga4: vendors.of('ga4').filter((r) => (r.body.events as Array<{ params: { transaction_id: string } }>)[0]!.params.transaction_id === c.subscriptionId),
  segment: vendors.of('segment').filter((r) => r.body.messageId === c.eventId),
});

describe('the purchase relay, with every consent given', () => {
  it("sends each vendor one request in its documented format, with the browser's de-duplication ids", async () => {
    const { confirmation, browser } = await browserPurchase({ analytics: true, marketing: true });
    const c = parsed(confirmation);
    const { relay, letters } = relayFor('all');
    const outcomes = await relay.relayPurchase(c);
    expect(outcomes.map((o) => [o.vendor, o.outcome])).toEqual([
      ['meta', 'sent'],
      ['ga4', 'sent'],
      ['segment', 'sent'],
    ]);
    const sent = sentFor(c);
    expect([sent.meta.length, sent.ga4.length, sent.segment.length]).toEqual([1, 1, 1]);
    expect(letters()).toEqual([]);

    const meta = sent.meta[0]!;
    expect(metaProblems(meta)).toEqual([]);
    const event = (meta.body.data as Array<Record<string, unknown>>)[0]!;
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: browser.pixelEventId,
      action_source: 'website',
      event_source_url: (confirmation.attribution as { page_url: string }).page_url,
    });
    expect(event.event_time).toBe(Math.floor(Date.parse(confirmation.confirmed_at) / 1000));
    const userData = event.user_data as Record<string, unknown>;
    // em: SHA-256 of the trimmed, lower-cased address; external_id: of the account id
    expect(userData.em).toEqual([sha256(EMAIL.trim().toLowerCase())]);
    expect(userData.external_id).toEqual([sha256('100001')]);
    expect(userData).toMatchObject({ client_ip_address: '203.0.113.7', client_user_agent: c.userAgent, fbp: c.fbp, fbc: c.fbc });
    expect(event.custom_data).toMatchObject({ currency: 'USD', value: confirmation.price_with_discount });
    expect(meta.body.access_token).toBe('meta-secret');

    const ga = sent.ga4[0]!;
    expect(ga4Problems(ga)).toEqual([]);
    expect(ga.query.get('measurement_id')).toBe('G-TEST');
    expect(ga.body).toMatchObject({ client_id: '1234567890.1700000000', user_id: '100001' });
    const gaEvent = (ga.body.events as Array<{ name: string; params: Record<string, unknown> }>)[0]!;
    expect(gaEvent.name).toBe('purchase');
    expect(gaEvent.params.transaction_id).toBe(browser.ga4TransactionId);
    expect(gaEvent.params).toMatchObject({ value: confirmation.price_with_discount, currency: 'USD' });
    expect(gaEvent.params.items).toEqual([{ item_id: confirmation.plan, item_name: confirmation.plan, price: confirmation.price_with_discount, quantity: 1 }]);

    const segment = sent.segment[0]!;
    expect(segmentProblems(segment, WRITE_KEY)).toEqual([]);
    expect(segment.body.messageId).toBe(browser.segment.messageId);
    expect(segment.body).toMatchObject({
      type: 'track',
      event: browser.segment.event,
      userId: browser.segment.userId,
      anonymousId: browser.segment.anonymousId,
    });
    // the browser's Order Completed properties, as the browser sent them (it adds the visit's context)
    const { landing_type: _l, experiments: _e, ...browserProps } = browser.segment.properties as Record<string, unknown>;
    expect(segment.body.properties).toEqual(browserProps);
  });
});

describe('consent', () => {
  it("sends no vendor whose destination's consent category was refused", async () => {
    for (const consent of [
      { analytics: true, marketing: false },
      { analytics: false, marketing: true },
      { analytics: false, marketing: false },
    ]) {
      const c = parsed((await browserPurchase(consent)).confirmation);
      const outcomes = await relayFor('consent').relay.relayPurchase(c);
      const sent = sentFor(c);
      const allowed = (type: string) => consent[categoryOf(type) as keyof Consent];
      expect([sent.meta.length, sent.ga4.length, sent.segment.length]).toEqual([
        allowed('meta-pixel') ? 1 : 0,
        allowed('ga4') ? 1 : 0,
        allowed('segment-http') ? 1 : 0,
      ]);
      for (const o of outcomes.filter((x) => x.outcome === 'skipped'))
        expect(o).toMatchObject({ reason: expect.stringMatching(/^no (analytics|marketing) consent$/) });
    }
  });

  it('sends nothing to Meta from a browser with Global Privacy Control, and nothing to a vendor refused by name', async () => {
    const gpc = parsed((await browserPurchase({ analytics: true, marketing: true }, true)).confirmation);
    await relayFor('gpc').relay.relayPurchase(gpc);
    expect(sentFor(gpc).meta).toHaveLength(0);
    expect(sentFor(gpc).segment).toHaveLength(1);

    const { confirmation } = await browserPurchase({ analytics: true, marketing: true });
    const ga4Id = production.find((d) => d.type === 'ga4')!.id;
    const refused = parsed({
      ...confirmation,
      attribution: { ...(confirmation.attribution as object), consent: { analytics: true, marketing: true, gpc: false, vendors: { [ga4Id]: false } } },
    });
    const outcomes = await relayFor('vendors').relay.relayPurchase(refused);
    expect(sentFor(refused).ga4).toHaveLength(0);
    expect(outcomes.find((o) => o.vendor === 'ga4')).toMatchObject({ outcome: 'skipped' });
    expect(sentFor(refused).meta).toHaveLength(1);
  });
});

describe('retries and the dead-letter file', () => {
  it('tries again after a 5xx, a 429 and a dropped connection, with a growing back-off, and succeeds', async () => {
    const c = parsed((await browserPurchase({ analytics: true, marketing: true })).confirmation);
    const { relay, waits, letters } = relayFor('transient', { meta: undefined, ga4: undefined });
    vendors.answer('segment', 503, 0);
    const outcomes = await relay.relayPurchase(c);
    expect(outcomes.find((o) => o.vendor === 'segment')).toEqual({ vendor: 'segment', outcome: 'sent', attempts: 3 });
    expect(sentFor(c).segment.length).toBeGreaterThanOrEqual(2); // the dropped one may not have been recorded as a whole
    expect(waits).toEqual([250, 500]);
    expect(letters()).toEqual([]);
    vendors.answer('segment', 429);
    const again = await relay.relayPurchase(c);
    expect(again.find((o) => o.vendor === 'segment')).toMatchObject({ outcome: 'sent', attempts: 2 });
  });

  it('writes what still fails after the last try to the dead-letter file, without secrets; the other vendors are sent', async () => {
    const c = parsed((await browserPurchase({ analytics: true, marketing: true })).confirmation);
    const { relay, letters } = relayFor('persistent');
    vendors.answer('meta', 500, 502, 503);
    vendors.answer('ga4', 400);
    const outcomes = await relay.relayPurchase(c);
    expect(outcomes.find((o) => o.vendor === 'meta')).toMatchObject({ outcome: 'dead-lettered', attempts: 3 });
    expect(sentFor(c).meta).toHaveLength(3);
    // a 4xx other than 429 is final: no retry
    expect(outcomes.find((o) => o.vendor === 'ga4')).toMatchObject({ outcome: 'dead-lettered', attempts: 1 });
    expect(sentFor(c).ga4).toHaveLength(1);
    expect(outcomes.find((o) => o.vendor === 'segment')).toMatchObject({ outcome: 'sent' });
    const lines = letters();
    expect(lines.map((l) => [l.vendor, l.status, l.attempts, l.eventId, l.subscriptionId])).toEqual(
      expect.arrayContaining([
        ['meta', 503, 3, c.eventId, c.subscriptionId],
        ['ga4', 400, 1, c.eventId, c.subscriptionId],
      ]),
    );
    const text = JSON.stringify(lines);
    expect(text).not.toContain('meta-secret');
    expect(text).not.toContain('ga-secret');
    // the request is kept, to be sent again once the cause is fixed
    expect((lines.find((l) => l.vendor === 'meta')!.request.body as { data: Array<{ event_id: string }> }).data[0]!.event_id).toBe(c.eventId);
  });

  it('dead-letters a vendor that cannot be reached at all', async () => {
    const c = parsed((await browserPurchase({ analytics: true, marketing: true })).confirmation);
    const { relay, letters } = relayFor('unreachable', { meta: undefined, ga4: undefined, segment: { baseUrl: 'http://127.0.0.1:1', writeKey: WRITE_KEY } });
    const outcomes = await relay.relayPurchase(c);
    expect(outcomes.find((o) => o.vendor === 'segment')).toMatchObject({ outcome: 'dead-lettered', attempts: 3, reason: expect.stringMatching(/^network/) });
    expect(letters()).toHaveLength(1);
  });
});
