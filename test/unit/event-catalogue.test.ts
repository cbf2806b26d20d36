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
      for (const literal of expr.matchAll(/'([a-z_]+)'/g)) found.set(literal[1]!, relative(root, file));
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
      'signup_completed',
      'signup_failed',
      'quiz_answered',
      'paywall_viewed',
      'plan_selected',
      'checkout_started',
      'purchase_failed',
      'purchased',
      'upsell_shown',
      'upsell_purchased',
      'upsell_declined',
      'experiment_viewed',
    ]) {
      expect(known, name).toContain(name);
    }
    expect(Object.keys(catalogue.events.purchased.properties)).toEqual(expect.arrayContaining(['value', 'currency', 'plan', 'subscriptionId']));
    expect(Object.keys(catalogue.events.purchase_failed.properties)).toContain('declineCode');
    expect(Object.keys(catalogue.events.experiment_viewed.properties)).toEqual(['experiment_id', 'variation_id']);
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
    analytics.track('plan_selected', { plan: 'gz-1-month-tomato' });
    expect(log[0]!.context).toEqual({
      landing_type: 'discount',
      experiments: { 'hero-test': 'b' },
      campaign: { name: 'spring', source: 'fb', medium: 'cpc', term: 'gps', content: 'ad1' },
    });
    const message = toSegmentMessage(log[0]!);
    expect(message).toMatchObject({
      type: 'track',
      event: 'plan_selected',
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
});
