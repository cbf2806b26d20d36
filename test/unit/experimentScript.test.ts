/**
 * The page's inline experiment script (run in a bare VM with a stand-in document) makes the decision
 * of engine/core/experiments.ts: same variant per visitor id, the recorded assignment, the QA
 * override, a new id kept in session storage; and it swaps the variant's markup into #root while
 * #root is hidden.
 */
import { describe, expect, it } from 'vitest';
import { assign, experimentEntries, experimentForPath } from '../../engine/index.ts';
import type { FunnelData } from '../../engine/index.ts';
import { experimentScript, inlineExperiments } from '../../engine/build/index.ts';
import { pageVariants } from '../../engine/build/bundle.ts';
import { funnelData } from '../../screens/flowData.ts';
import { dataWithLatamOffer } from '../fixtures/latamOffer.ts';
import { inlineRunner } from './inlineExperimentPage.ts';
import { MemoryStorage } from './memoryStorage.ts';

// the example experiment on /latam (the shipped flows run none)
const run = inlineRunner(experimentScript(dataWithLatamOffer));

const [experimentId, experiment] = experimentForPath(dataWithLatamOffer.experiments, '/latam')!;
const expected = (visitorId: string): string => assign(experimentId, experiment, { visitorId, overrides: {}, sticky: {} })!.variant;

describe('the inline experiment script', () => {
  it('assigns 500 visitor ids exactly as the app does, hiding #root only while it swaps', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 500; k++) {
      const id = `${k.toString(16).padStart(8, '0')}-7d1e-4c2a-9b1f-${(k * 7919).toString(16).padStart(12, '0')}`;
      const page = run('/latam', { cookie: `lng=en; userUuid=${encodeURIComponent(id)}` });
      const variant = expected(id);
      seen.add(variant);
      expect(page.rootVariant, id).toBe(variant);
      expect(page.swapDuring).toBe(variant === 'latam' ? null : variant);
      expect(page.rootChildren).toBe(`${variant} markup`);
      expect(page.shownAgain).toBe(true);
    }
    expect([...seen].sort()).toEqual(['latam', 'trial']);
  });

  it('uses the id kept in storage, or makes one and keeps it in session storage for the app', () => {
    const local = new MemoryStorage();
    local.setItem('userUuid', 'kept-in-local');
    expect(run('/latam', { local }).rootVariant).toBe(expected('kept-in-local'));
    const page = run('/latam');
    const made = page.session.getItem('userUuid')!;
    expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(page.rootVariant).toBe(expected(made));
  });

  it('follows the recorded assignment, then a QA override, and leaves other paths alone', () => {
    const local = new MemoryStorage();
    local.setItem('persist:root', JSON.stringify({ version: 0, events: { experiments: { 'latam-offer': 'trial' } } }));
    expect(run('/latam', { local, cookie: 'userUuid=x' }).rootVariant).toBe('trial');
    expect(run('/latam?exp=latam-offer:latam', { local }).rootVariant).toBe('latam');
    expect(run('/latam?exp=latam-offer:nope', { local }).rootVariant).toBe('trial');
    expect(run('/discount?exp=latam-offer:trial')).toMatchObject({ rootVariant: 'latam', swapDuring: null });
  });
});

describe('what a page carries', () => {
  const data = (status: 'running' | 'stopped'): FunnelData => ({
    ...funnelData,
    experiments: {
      'latam-offer': {
        paths: ['/latam'],
        status,
        variations: ['latam', 'trial'],
        weights: [0.25, 0.75],
        coverage: 0.5,
        namespace: ['offers', 0, 0.5],
        winner: 'trial',
      },
    },
  });

  it('a running experiment: its own variant in #root and the others as templates, with its bucket ranges, seed, hash version and namespace inline (GrowthBook defaults filled in)', () => {
    expect(pageVariants(data('running'), '/latam')).toEqual({ root: 'latam', alternatives: ['trial'] });
    expect(inlineExperiments(data('running'))).toEqual({
      '/latam': [
        'latam-offer',
        'latam',
        [
          ['latam', 0, 0.125],
          ['trial', 0.25, 0.625],
        ],
        'latam-offer',
        1,
        ['offers', 0, 0.5],
        0,
      ],
    });
    expect(pageVariants(data('running'), '/discount')).toEqual({ alternatives: [] });
  });

  it('the shipped flows: a script only while an experiment runs, and a page no experiment splits is its own variant', () => {
    const running = experimentEntries(funnelData.experiments).some(([, e]) => e.status === 'running');
    expect(experimentScript(funnelData) !== '').toBe(running);
    const landingPaths = Object.entries(funnelData.landings)
      .filter(([id]) => id !== '$schema')
      .flatMap(([, v]) => (v as { paths: string[] }).paths);
    const unsplit = landingPaths.filter((path) => !experimentForPath(funnelData.experiments, path));
    expect(unsplit.length).toBeGreaterThan(0);
    for (const path of unsplit) expect(pageVariants(funnelData, path), path).toEqual({ alternatives: [] });
  });

  it('a stopped experiment: the winner in #root, nothing to swap, no script', () => {
    expect(pageVariants(data('stopped'), '/latam')).toEqual({ root: 'trial', alternatives: [] });
    expect(experimentScript(data('stopped'))).toBe('');
  });
});
