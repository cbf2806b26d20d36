/**
 * The event catalogue (flows/events.json) lists every event the code sends: each `track('…')` of
 * engine/ and screens/ (and the failure events the checkout machine names) must be in it, so an
 * event added without a catalogue entry fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import catalogue from '../../flows/events.json';
import destinations from '../../flows/destinations.json';
import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { campaignOf, eventContextReader } from '../../engine/analytics/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { toSegmentMessage } from '../../engine/analytics/runtime.ts';
import { productSlices } from '../../screens/product/slices.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Event names written as literals in track(...) calls and as `eventName` values. */
function sentEvents(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...sources(join(root, 'engine')), ...sources(join(root, 'screens'))]) {
    const text = readFileSync(file, 'utf8');
    const calls = [...text.matchAll(/\.track\(\s*([^,)]+)/g)].map((m) => m[1]!);
    const named = [...text.matchAll(/eventName:\s*([^,}]+)/g)].map((m) => m[1]!);
    for (const expr of [...calls, ...named]) {
      for (const literal of expr.matchAll(/'([a-z_]+|[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*)'/g)) found.set(literal[1]!, relative(root, file));
    }
  }
  return found;
}

const known = new Set(Object.keys(catalogue.events));

describe('event catalogue', () => {
  it('declares every event the engine and the screens send', () => {
    const sent = sentEvents();
    expect(sent.size).toBeGreaterThan(20);
    const missing = [...sent].filter(([name]) => !known.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('covers the funnel events the destinations and reports rely on', () => {
    for (const name of [
      'page',
      'onboarding_started',
      'Signed Up',
      'signup_failed',
      'quiz_answered',
      'Product List Viewed',
      'Product Added',
      'Product Viewed',
      'Checkout Started',
      'Payment Info Entered',
      'purchase_failed',
      'Order Completed',
      'upsell_declined',
      'Experiment Viewed',
    ]) {
      expect(known, name).toContain(name);
    }
    // Segment's ecommerce spec: Order Completed with order_id, revenue, currency and products[]
    expect(Object.keys(catalogue.events['Order Completed'].properties)).toEqual(
      expect.arrayContaining(['order_id', 'revenue', 'currency', 'products', 'event_id']),
    );
    expect(Object.keys(catalogue.events['Product List Viewed'].properties)).toContain('products');
    expect(Object.keys(catalogue.events['Checkout Started'].properties)).toEqual(expect.arrayContaining(['revenue', 'currency', 'products']));
    expect(Object.keys(catalogue.events.purchase_failed.properties)).toContain('declineCode');
    // GrowthBook's exposure (its trackingCallback's experiment key and variation id) and the landing type shown
    expect(Object.keys(catalogue.events['Experiment Viewed'].properties)).toEqual(expect.arrayContaining(['experiment_id', 'variation_id', 'variant']));
    // the names the spec has are used, never the old snake_case ones
    for (const old of [
      'signup_completed',
      'paywall_viewed',
      'plan_selected',
      'checkout_started',
      'purchased',
      'pixel_purchase',
      'upsell_purchased',
      'experiment_viewed',
    ])
      expect(known, old).not.toContain(old);
  });

  it('every event a destination maps is in the catalogue', () => {
    for (const env of Object.values(destinations.environments)) {
      for (const d of env.destinations as Array<{ events?: Record<string, string> }>) {
        for (const name of Object.keys(d.events ?? {})) expect(known, name).toContain(name);
      }
    }
  });
});

describe('event context', () => {
  it('every event carries the landing type, the experiment assignments and the campaign', () => {
    const store = createFunnelStore(productSlices);
    store.plans.landingType = 'discount';
    store.events.utm = { utm_source: 'fb', utm_campaign: 'spring', utm_medium: 'cpc', utm_content: 'ad1', utm_term: 'gps' };
    (store.events as unknown as { experiments: Record<string, string> }).experiments = { 'hero-test': 'b' };
    const log: AnalyticsEvent[] = [];
    const analytics = createAnalytics([memorySink(log)], () => 1_700_000_000_000, eventContextReader(store));
    analytics.setVisitor('v-1');
    analytics.track('Product Added', { plan: 'gz-1-month-tomato' });
    expect(log[0]!.context).toEqual({
      landing_type: 'discount',
      experiments: { 'hero-test': 'b' },
      campaign: { name: 'spring', source: 'fb', medium: 'cpc', term: 'gps', content: 'ad1' },
    });
    const message = toSegmentMessage(log[0]!);
    expect(message).toMatchObject({
      type: 'track',
      event: 'Product Added',
      anonymousId: 'v-1',
      timestamp: '2023-11-14T22:13:20.000Z',
      properties: { plan: 'gz-1-month-tomato', landing_type: 'discount', experiments: { 'hero-test': 'b' } },
      context: { campaign: { name: 'spring', source: 'fb' } },
    });
  });

  it('works without experiments and shapes page and identify messages as Segment does', () => {
    const store = createFunnelStore(productSlices);
    const log: AnalyticsEvent[] = [];
    const analytics = createAnalytics([memorySink(log)], Date.now, eventContextReader(store));
    analytics.page('/discount', { step: 'landing' });
    analytics.identify('42', { email: 'a@b.c' });
    expect(toSegmentMessage(log[0]!)).toMatchObject({ type: 'page', name: '/discount', properties: { path: '/discount', step: 'landing', experiments: {} } });
    expect(toSegmentMessage(log[1]!)).toMatchObject({ type: 'identify', userId: '42', traits: { email: 'a@b.c' } });
    expect(campaignOf({ utm_source: 'organic', other: 'x' })).toEqual({ source: 'organic' });
  });

  it("fills Segment's context (page, userAgent, locale, campaign, timezone) and carries the userId on every event after identify", () => {
    const store = createFunnelStore(productSlices);
    store.events.utm = { utm_source: 'google', utm_campaign: 'brand' };
    const page = {
      location: { href: 'https://f.example/checkout?utm_source=google&gclid=G1', pathname: '/checkout', search: '?utm_source=google&gclid=G1' },
      document: { title: 'Checkout · Family Locator', referrer: 'https://www.google.com/' },
      navigator: { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)', language: 'de-DE' },
    };
    const log: AnalyticsEvent[] = [];
    const analytics = createAnalytics([memorySink(log)], () => 1_700_000_000_000, eventContextReader(store, page));
    analytics.setVisitor('v-1');
    analytics.track('Checkout Started', { value: 1 });
    analytics.identify('acc-7', { email: 'a@b.c' });
    analytics.track('Payment Info Entered', { payment_method: 'card' });
    analytics.page('/checkout', { step: 'checkout' });
    const [before, identify, after, view] = log.map((e) => toSegmentMessage(e, 'Europe/Berlin'));
    expect(before!.userId).toBeUndefined();
    expect(before!.context).toMatchObject({
      page: {
        path: '/checkout',
        url: 'https://f.example/checkout?utm_source=google&gclid=G1',
        search: '?utm_source=google&gclid=G1',
        title: 'Checkout · Family Locator',
        referrer: 'https://www.google.com/',
      },
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
      locale: 'de-DE',
      timezone: 'Europe/Berlin',
      campaign: { source: 'google', name: 'brand' },
    });
    expect(identify).toMatchObject({ type: 'identify', userId: 'acc-7' });
    expect(after).toMatchObject({ type: 'track', userId: 'acc-7', anonymousId: 'v-1' });
    expect(view).toMatchObject({
      type: 'page',
      userId: 'acc-7',
      properties: { path: '/checkout', url: page.location.href, title: 'Checkout · Family Locator' },
    });
    // every message has its own id (Segment de-duplicates by it, the pixel's eventID uses it)
    expect(new Set(log.map((e) => e.id)).size).toBe(4);
    expect(before!.messageId).toBe(log[0]!.id);
  });

  it('a later page of a signed-up visitor carries the userId from the restored store', () => {
    const store = createFunnelStore(productSlices);
    store.signup.userId = 'acc-9';
    const log: AnalyticsEvent[] = [];
    createAnalytics([memorySink(log)], Date.now, eventContextReader(store, undefined)).track('Order Completed', { order_id: 's' });
    expect(toSegmentMessage(log[0]!).userId).toBe('acc-9');
  });
});
