/**
 * An experiment exposure reaches every analytics destination of the preview environment
 * (flows/destinations.json) as `Experiment Viewed` with Segment's and GrowthBook's `experiment_id` and
 * `variation_id`: through the real router and destination code, the Segment-format batch the collector
 * would receive, Meta's fbq call and GA4's gtag call.
 */
import { describe, expect, it } from 'vitest';
import { createAnalytics, createFunnelStore, recordExposure } from '../../engine/index.ts';
import type { ConsentStore, DestinationsFile } from '../../engine/analytics/runtime.ts';
import { destinationSinks, environmentOf } from '../../engine/analytics/runtime.ts';
import destinationsFile from '../../flows/destinations.json';
import { destinationTypes } from '../../screens/analytics/destinations.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { productSlices } from '../../screens/product/slices.ts';

/** A page with everything granted: what it fetches and what each destination reports it sent. */
function page(): { win: Window; bodies: unknown[]; reported: Array<[string, unknown]> } {
  const bodies: unknown[] = [];
  const win = {
    location: { origin: 'https://f.example', href: 'https://f.example/latam', pathname: '/latam', search: '' },
    document: {
      title: 'Landing',
      createElement: () => ({}),
      head: { appendChild: () => undefined },
      addEventListener: () => undefined,
      visibilityState: 'visible',
    },
    navigator: {},
    addEventListener: () => undefined,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    fetch: async (_url: string, init: { body: string }) => {
      bodies.push(JSON.parse(init.body));
      return new Response('{"success":true}', { status: 200 });
    },
  } as unknown as Window;
  return { win, bodies, reported: [] };
}

const granted: ConsentStore = {
  rule: {} as ConsentStore['rule'],
  get: () => ({ analytics: true, marketing: true, decided: true }),
  decide: () => undefined,
  subscribe: () => () => undefined,
};

describe('an experiment exposure', () => {
  it('reaches every preview destination as Experiment Viewed with experiment_id and variation_id', async () => {
    const { win, bodies, reported } = page();
    const env = environmentOf(destinationsFile as unknown as DestinationsFile, true, PREVIEW_CONFIG);
    const sinks = destinationSinks(env.destinations, {
      registrations: destinationTypes,
      consent: granted,
      ready: Promise.resolve(),
      window: win,
      report: (id, call, event) => event?.name === 'Experiment Viewed' && reported.push([id, call]),
    });
    const store = createFunnelStore(productSlices);
    const analytics = createAnalytics(sinks);
    analytics.setVisitor('visitor-1');
    recordExposure(store, analytics, { experimentId: 'latam-offer', variant: 'trial', variationId: '1', source: 'hash' });

    const byType = (type: string) => env.destinations.filter((d) => d.type === type).map((d) => d.id);
    expect(env.destinations.map((d) => d.type).sort()).toEqual(['ga4', 'meta-pixel', 'segment-http']);
    // the Segment-format destination sends its batch to the collector
    await expect
      .poll(() => bodies.flatMap((b) => (b as { batch: Array<Record<string, unknown>> }).batch).find((m) => m.event === 'Experiment Viewed'))
      .toMatchObject({ type: 'track', properties: { experiment_id: 'latam-offer', variation_id: '1', variant: 'trial' }, anonymousId: 'visitor-1' });
    await expect.poll(() => reported.length).toBe(byType('meta-pixel').length + byType('ga4').length);
    for (const id of byType('meta-pixel')) {
      expect(reported.find(([d]) => d === id)?.[1]).toEqual([
        'trackCustom',
        'Experiment Viewed',
        { experiment_id: 'latam-offer', variation_id: '1', variant: 'trial' },
        expect.anything(),
      ]);
    }
    for (const id of byType('ga4')) {
      expect(reported.find(([d]) => d === id)?.[1]).toEqual([
        'event',
        'experiment_viewed',
        expect.objectContaining({ experiment_id: 'latam-offer', variation_id: '1', variant: 'trial' }),
      ]);
    }
  });
});
