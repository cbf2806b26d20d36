/**
 * The purchase relay and the browser as one product: for the same purchase and the same consent, the
 * relay sends exactly the vendors whose browser destinations the router let run (under the built-in
 * banner and under a TCF CMP whose vendor answers differ from its purposes), with the consent snapshot
 * the funnel sends (attribution.consent, with each destination's decision); its Meta `external_id` and
 * `em` are the browser pixel's advanced matching keys for the same account, its GA4 `user_id` the
 * browser GA4's; its Segment message has the browser collector's `userId` and
 * `context.consent.categoryPreferences`.
 * The destinations are the preview environment's entries of flows/destinations.json (the ones the
 * preview's sandbox relays for), through the real router, destination code and relay.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createAnalytics, createFunnelStore, memorySink, orderCompleted, subscriptionAttribution, type AnalyticsEvent } from '../../engine/index.ts';
import {
  additionalConsentProviders,
  destinationChoice,
  destinationDecisions,
  destinationSinks,
  environmentOf,
  type ConsentState,
  type ConsentStore,
  type DestinationsFile,
  type TcfSignal,
} from '../../engine/analytics/runtime.ts';
import type { DestinationConfig, DestinationType } from '../../engine/analytics/index.ts';
import { createGa4 } from '../../engine/analytics/ga4.ts';
import { createMetaPixel } from '../../engine/analytics/metaPixel.ts';
import { createSegmentSink } from '../../engine/analytics/segmentSink.ts';
import destinationsFile from '../../flows/destinations.json';
import { destinationTypes } from '../../screens/analytics/destinations.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { parseConfirmation, type PurchaseConfirmation } from '../../scripts/relay/confirmation.ts';
import { ga4Payload } from '../../scripts/relay/ga4MeasurementProtocol.ts';
import { metaPurchaseEvent } from '../../scripts/relay/metaConversions.ts';
import { createRelay } from '../../scripts/relay/relay.ts';
import { consentRulesFrom, DESTINATION_TYPES } from '../../scripts/relay/vendorConsent.ts';
import type { VendorId } from '../../scripts/relay/vendorRequest.ts';

const DESTINATIONS = environmentOf(destinationsFile as unknown as DestinationsFile, true, PREVIEW_CONFIG).destinations;
const RULES = consentRulesFrom(DESTINATIONS);
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const ofType = (type: string): DestinationConfig => DESTINATIONS.find((d) => d.type === type)!;

/** A page with what the destinations touch; the tags' scripts never load (their calls stay queued). */
function page(batches: Array<Record<string, unknown>>): Window {
  return {
    location: { origin: 'https://f.example', href: 'https://f.example/checkout', pathname: '/checkout', search: '' },
    document: {
      title: 'Checkout',
      createElement: () => ({}),
      head: { appendChild: () => undefined },
      addEventListener: () => undefined,
      visibilityState: 'visible',
    },
    navigator: {},
    addEventListener: () => undefined,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    fetch: async (_url: string, init: { body: string }) => {
      batches.push(...(JSON.parse(init.body) as { batch: Array<Record<string, unknown>> }).batch);
      return new Response('{}', { status: 200 });
    },
  } as unknown as Window;
}

const storeOf = (state: ConsentState): ConsentStore => ({
  rule: {} as ConsentStore['rule'],
  get: () => state,
  decide: () => undefined,
  subscribe: () => () => undefined,
});

/** The destinations the real router delivers the purchase to under a consent state (their code itself is not run). */
async function browserDelivers(state: ConsentState, purchase: AnalyticsEvent): Promise<string[]> {
  const delivered = new Set<string>();
  const recording: DestinationType[] = destinationTypes.map((t) => ({
    ...t,
    load: async () => (config: DestinationConfig) => ({ send: (e: AnalyticsEvent) => void (e === purchase && delivered.add(config.id)) }),
  }));
  const sinks = destinationSinks(DESTINATIONS, { registrations: recording, consent: storeOf(state), ready: Promise.resolve(), window: page([]) });
  for (const sink of sinks) sink.send(purchase);
  // every destination the consent allows opens once its (recording) code has loaded
  const allowed = DESTINATIONS.filter((d) => destinationDecisions(state, [d])[d.id]).map((d) => d.id);
  await vi.waitFor(() => expect([...delivered].sort()).toEqual(allowed.sort()));
  return [...delivered].sort();
}

/** The purchase as the browser tracks it, and the relay's confirmation with the attribution the funnel sends under `state`. */
function purchase(state: ConsentState, user = { id: '100001', email: ' Ada.Lovelace@Example.COM ' }) {
  const events: AnalyticsEvent[] = [];
  const analytics = createAnalytics(
    [memorySink(events)],
    () => Date.now(),
    () => ({ userId: user.id }),
  );
  const order = {
    plan: 'plan-a',
    subscriptionId: 'sub_1',
    finalPrice: 9.99,
    regularPrice: 19.99,
    currency: 'USD',
    gateway: 'stripe',
    upsell: false,
    eventId: 'evt-1',
  };
  analytics.setVisitor('visitor-1');
  analytics.identify(user.id, { email: user.email });
  analytics.track('Order Completed', orderCompleted(order));
  const store = createFunnelStore(productSlices);
  store.events.visitorId = 'visitor-1';
  // what screens/analytics/attribution.ts hands on: the categories and the runtime's per-destination decisions
  const attribution = subscriptionAttribution(store, {
    consent: { analytics: state.analytics, marketing: state.marketing, vendors: destinationDecisions(state, DESTINATIONS) },
    gpc: false,
    userAgent: 'Mozilla/5.0 Test',
    pageUrl: 'https://f.example/checkout',
    meta: () => ({ fbp: 'fb.1.1700000000000.1073741824', fbc: '' }),
  });
  const parsed = parseConfirmation({
    event_id: order.eventId,
    subscription_id: order.subscriptionId,
    confirmed_at: new Date().toISOString(),
    plan: order.plan,
    price_with_discount: order.finalPrice,
    regular_price: order.regularPrice,
    gateway: order.gateway,
    user,
    attribution: JSON.parse(JSON.stringify(attribution)) as unknown,
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return { events, identify: events.find((e) => e.kind === 'identify')!, track: events.find((e) => e.kind === 'track')!, confirmation: parsed.value };
}

/** What the relay sent (by the vendor's browser destination id) and each request's JSON body. */
async function relaySends(c: PurchaseConfirmation) {
  const bodies = new Map<string, Record<string, unknown>>();
  const relay = createRelay({
    meta: { baseUrl: 'https://meta.test', apiVersion: 'v24.0', pixelId: '1', accessToken: 't' },
    ga4: { baseUrl: 'https://ga4.test', measurementId: 'G-TEST', apiSecret: 's' },
    segment: { baseUrl: 'https://segment.test', writeKey: 'k' },
    consent: RULES,
    deadLetter: async () => undefined,
    fetch: async (url, init) => {
      bodies.set(new URL(String(url)).hostname, JSON.parse(String(init?.body)) as Record<string, unknown>);
      return new Response('{}', { status: 200 });
    },
  });
  const outcomes = await relay.relayPurchase(c);
  const sent = outcomes.filter((o) => o.outcome === 'sent').map((o) => RULES[o.vendor].destination.id);
  return { outcomes, sent: sent.sort(), body: (vendor: VendorId) => bodies.get(`${vendor}.test`) };
}

const all = (ids: Iterable<number>): Record<string, boolean> => Object.fromEntries([...ids].map((id) => [String(id), true]));
const PURPOSES = new Set(DESTINATIONS.flatMap((d) => d.consent?.purposes ?? []));
const GVL_VENDORS = new Set(DESTINATIONS.flatMap((d) => (d.consent?.vendor.tcf === undefined ? [] : [d.consent.vendor.tcf])));
const CUSTOM = DESTINATIONS.flatMap((d) => (d.consent?.vendor.custom === undefined ? [] : [d.consent.vendor.custom]));
const AC = DESTINATIONS.flatMap((d) => (d.consent?.vendor.googleAc === undefined ? [] : [d.consent.vendor.googleAc]));

/** A TCF state with every declared purpose consented; vendors as given. */
function tcf(o: { gvl?: Iterable<number>; custom?: boolean; ac?: number[] }): ConsentState {
  const signal: TcfSignal = {
    gdprApplies: true,
    purposeConsents: all(PURPOSES),
    purposeLegitimateInterests: {},
    vendorConsents: all(o.gvl ?? GVL_VENDORS),
    vendorLegitimateInterests: {},
    additionalConsent: additionalConsentProviders(`2~${(o.ac ?? []).join('.')}~dv.`),
    customVendors: new Map(o.custom === undefined ? [] : CUSTOM.map((name) => [name, o.custom!])),
  };
  return { analytics: true, marketing: true, decided: true, source: 'tcf', tcf: signal };
}

describe('the relay follows the browser’s consent, vendor by vendor', () => {
  const cases: Array<[string, ConsentState]> = [
    ['banner: everything', { analytics: true, marketing: true, decided: true }],
    ['banner: analytics only', { analytics: true, marketing: false, decided: true }],
    ['banner: marketing only', { analytics: false, marketing: true, decided: true }],
    ['TCF: every purpose and vendor', tcf({ custom: true })],
    ['TCF: every purpose, the custom vendors refused, no Additional Consent', tcf({ custom: false, ac: AC })],
    ['TCF: every purpose, no custom answer, Additional Consent given', tcf({ ac: AC })],
    ['TCF: every purpose, no custom answer nor Additional Consent', tcf({})],
    ['TCF: every purpose, the GVL vendors refused', tcf({ gvl: [], custom: true })],
  ];
  it.each(cases)('%s', async (_name, state) => {
    const p = purchase(state);
    const browser = await browserDelivers(state, p.track);
    const relay = await relaySends(p.confirmation);
    expect(relay.sent).toEqual(browser);
  });

  it('under a TCF CMP with every purpose granted and Meta’s vendor refused, the relay does not send Meta’s Conversions API', async () => {
    const meta = ofType(DESTINATION_TYPES.meta);
    // the case the categories alone cannot tell: the marketing purposes are granted
    const state = tcf({ custom: false });
    expect(state.marketing).toBe(true);
    const p = purchase(state);
    expect(await browserDelivers(state, p.track)).not.toContain(meta.id);
    const { outcomes } = await relaySends(p.confirmation);
    expect(outcomes.find((o) => o.vendor === 'meta')).toMatchObject({ outcome: 'skipped', reason: expect.stringContaining(meta.id) });
  });
});

describe('one identity for the browser and the relay', () => {
  it('the relay’s Meta external_id and em are the browser pixel’s advanced matching keys for the account', async () => {
    for (const user of [
      { id: '100001', email: 'ada@example.com' },
      { id: ' Acct-42 ', email: '  Ada.Lovelace@Example.COM ' },
    ]) {
      const { identify, confirmation } = purchase({ analytics: true, marketing: true, decided: true }, user);
      const calls: unknown[][] = [];
      const pixel = createMetaPixel(ofType('meta-pixel'), {
        window: page([]),
        consent: { analytics: true, marketing: true },
        report: (c) => calls.push(c as unknown[]),
      });
      pixel.send(identify);
      const init = await vi.waitFor(() => {
        const found = calls.find((c) => c[0] === 'init' && c[2]);
        if (!found) throw new Error('the pixel has not matched the account yet');
        return found[2] as { external_id: string; em: string };
      });
      const server = (await metaPurchaseEvent(confirmation)).user_data as { external_id: string[]; em: string[] };
      expect(server.external_id).toEqual([init.external_id]);
      expect(server.em).toEqual([init.em]);
      // Meta's rules: SHA-256 hex of the trimmed, lower-cased value
      expect(server.external_id).toEqual([sha256(user.id.trim().toLowerCase())]);
      expect(server.em).toEqual([sha256(user.email.trim().toLowerCase())]);
    }
  });

  it('the relay’s GA4 user_id is the account id the browser’s GA4 sets as user_id', () => {
    const { events, confirmation } = purchase({ analytics: true, marketing: true, decided: true }, { id: ' Acct-42 ', email: 'ada@example.com' });
    const calls: unknown[][] = [];
    const ga4 = createGa4(ofType(DESTINATION_TYPES.ga4), {
      window: page([]),
      consent: { analytics: true, marketing: true },
      report: (c) => calls.push(c as unknown[]),
    });
    for (const e of events) ga4.send(e);
    const browser = calls.find((c) => c[0] === 'config' && (c[2] as { user_id?: string } | undefined)?.user_id);
    expect((browser?.[2] as { user_id: string }).user_id).toBe(ga4Payload(confirmation)?.user_id);
  });

  it('an e-mail that is not an address is not sent as em, by the pixel or the relay', async () => {
    const { confirmation } = purchase({ analytics: true, marketing: true, decided: true }, { id: '100002', email: 'not an address' });
    const userData = (await metaPurchaseEvent(confirmation)).user_data as Record<string, unknown>;
    expect(userData.em).toBeUndefined();
    expect(userData.external_id).toEqual([sha256('100002')]);
  });
});

describe('the relay’s Segment message and the browser collector’s', () => {
  const collector = ofType(DESTINATION_TYPES.segment);
  const states: ConsentState[] = [
    { analytics: true, marketing: true, decided: true },
    { analytics: true, marketing: false, decided: true },
    tcf({ custom: false }),
  ];
  for (const categoryIds of [undefined, { marketing: 'Advertising', analytics: 'Analytics' }]) {
    it(`carry the same userId and context.consent.categoryPreferences${categoryIds ? ' (with Segment category ids)' : ''}`, async () => {
      const config = { ...collector, settings: { ...collector.settings, flushAt: 1, ...(categoryIds ? { consentCategories: categoryIds } : {}) } };
      for (const state of states) {
        const { events, confirmation } = purchase(state);
        const batches: Array<Record<string, unknown>> = [];
        const sink = createSegmentSink(config, { window: page(batches), consent: destinationChoice(state, config), report: () => undefined });
        for (const e of events) sink.send(e);
        await vi.waitFor(() => expect(batches.some((m) => m.event === 'Order Completed')).toBe(true));
        const browser = batches.find((m) => m.event === 'Order Completed') as { userId: string; context: { consent: unknown } };

        const relay = createRelay({
          segment: { baseUrl: 'https://segment.test', writeKey: 'k' },
          consent: consentRulesFrom(DESTINATIONS.map((d) => (d.id === collector.id ? config : d))),
          deadLetter: async () => undefined,
          fetch: async (_url, init) => {
            batches.push({ relay: JSON.parse(String(init?.body)) as unknown });
            return new Response('{}', { status: 200 });
          },
        });
        await relay.relayPurchase(confirmation);
        const server = batches.find((m) => m.relay)!.relay as { userId: string; context: { consent: unknown } };
        expect(server.userId).toBe(browser.userId);
        expect(server.context.consent).toEqual(browser.context.consent);
      }
    });
  }
});
