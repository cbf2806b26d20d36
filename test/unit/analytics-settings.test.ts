/** The destinations file as the browser reads it: every `{{placeholder}}` filled from the build configuration. */
import { describe, expect, it } from 'vitest';
import { environmentOf, type DestinationsFile } from '../../engine/analytics/runtime.ts';

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
});
