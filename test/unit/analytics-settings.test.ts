/** The destinations file as the browser reads it: every `{{placeholder}}` filled from the build configuration. */
import { describe, expect, it } from 'vitest';
import { environmentOf, type DestinationsFile } from '../../engine/analytics/runtime.ts';
import { productionConfig } from '../../build.mjs';
import destinationsFile from '../../flows/destinations.json';
import { destinationTypes } from '../../screens/analytics/destinations.ts';

const file: DestinationsFile = {
  environments: {
    preview: {
      inspector: '{{inspectorUrl}}',
      destinations: [{ id: 'warehouse', type: 'segment-http', category: 'analytics', settings: { url: '{{analyticsUrl}}', tags: ['{{appName}}'] } }],
    },
    production: { inspector: '{{inspectorUrl}}', destinations: [] },
  },
};

describe('environmentOf', () => {
  it('fills the settings and the inspector address from the configuration', () => {
    const env = environmentOf(file, true, { analyticsUrl: '/collect', inspectorUrl: '/inspect', appName: 'App' });
    expect(env.inspector).toBe('/inspect');
    expect(env.destinations[0]!.settings).toEqual({ url: '/collect', tags: ['App'] });
  });

  it('reports to no inspector when the configuration has no address for it (production)', () => {
    expect(environmentOf(file, false, { analyticsUrl: '' }).inspector).toBeUndefined();
  });

  it("turns the production pixel and GA4 on from the build's environment, and leaves them off without ids", () => {
    const usable = (env: Record<string, string>): string[] =>
      environmentOf(destinationsFile as unknown as DestinationsFile, false, productionConfig(env))
        .destinations.filter((d) => destinationTypes.find((t) => t.type === d.type)!.validate(d.settings).length === 0)
        .map((d) => d.id);
    expect(usable({ ANALYTICS_URL: 'https://collect.example.com/v1/batch', META_PIXEL_ID: '1234567890123456', GA4_MEASUREMENT_ID: 'G-ABC1234' })).toEqual([
      'collector',
      'meta',
      'ga4',
    ]);
    const settings = environmentOf(destinationsFile as unknown as DestinationsFile, false, productionConfig({ META_PIXEL_ID: '42' })).destinations;
    expect(settings.find((d) => d.id === 'meta')!.settings).toEqual({ pixelId: '42' });
    expect(usable({})).toEqual([]);
  });
});
