/**
 * GrowthBook's own JavaScript SDK (@growthbook/growthbook) against our two implementations of its
 * decision: engine/core/experiments.ts (the app) and the page's inline script (before the first
 * paint, run here in a VM). For every example experiment (test/fixtures/experiments: hash versions 1
 * and 2, a seed of its own, uneven weights, coverage below 1, two experiments sharing a namespace,
 * targeting by country, language and utm_source), 10,000 visitor ids get the same variation from
 * all three, and the same "not in the experiment" (the path's own variant, no exposure).
 */
import { GrowthBook, type Experiment as GrowthBookExperiment } from '@growthbook/growthbook';
import { describe, expect, it } from 'vitest';
import { assign, experimentEntries, variantForPath, type Experiments, type TargetingAttributes } from '../../engine/index.ts';
import { experimentScript } from '../../engine/build/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import growthbookCases from '../fixtures/experiments/growthbook-cases.json';
import { LATAM_OFFER } from '../fixtures/latamOffer.ts';
import { inlineRunner } from './inlineExperimentPage.ts';

const experiments = { ...LATAM_OFFER, ...(growthbookCases as unknown as Experiments) } as Experiments;
const data = { ...funnelData, experiments };
const runPage = inlineRunner(experimentScript(data));
const IDS = 10_000;

/** Deterministic version-4-shaped visitor ids. */
const visitorId = (k: number): string => {
  const h = (n: number): string => (Math.imul(n + 1, 2654435761) >>> 0).toString(16).padStart(8, '0');
  return `${h(k)}-${h(k * 7).slice(0, 4)}-4${h(k * 13).slice(0, 3)}-a${h(k * 17).slice(0, 3)}-${h(k * 19)}${h(k * 23).slice(0, 4)}`;
};

/** Varied targeting attributes (an unknown country among them), so targeted experiments see both outcomes. */
const attributesOf = (k: number): TargetingAttributes => {
  const country = ['BR', 'MX', 'DE', undefined][k % 4];
  return { ...(country ? { country } : {}), language: ['pt', 'es', 'en'][k % 3]!, utm_source: ['facebook', 'google', 'organic'][k % 5 === 0 ? 2 : k % 2]! };
};

describe("GrowthBook's SDK, the engine and the inline script agree", () => {
  it.each(experimentEntries(experiments).map(([key, e]) => [key, e] as const))(
    '%s: the same variation for 10,000 visitor ids',
    (key, experiment) => {
      const path = experiment.paths[0];
      const own = variantForPath(data.landings, path)!.id;
      // the experiment of the file, unchanged, with its key: GrowthBook's SDK ignores the fields it does not know
      const sdkExperiment = { key, ...experiment } as unknown as GrowthBookExperiment<string>;
      const seen = new Map<string, number>();
      const disagreements: string[] = [];
      for (let k = 0; k < IDS; k++) {
        const id = visitorId(k);
        const attributes = attributesOf(k);
        const sdk = new GrowthBook({ attributes: { id, ...attributes } }).run(sdkExperiment);
        const expected = sdk.inExperiment ? experiment.variations[sdk.variationId] : undefined;

        const engine = assign(key, experiment, { visitorId: id, overrides: {}, sticky: {}, attributes });
        if (engine?.variant !== expected || (engine && engine.source !== 'hash')) disagreements.push(`engine ${id}: ${engine?.variant} != ${expected}`);

        const cookie = `userUuid=${encodeURIComponent(id)}${attributes.country ? `; visitor_country=${attributes.country.toLowerCase()}` : ''}`;
        const query = attributes.utm_source === 'organic' ? '' : `?utm_source=${attributes.utm_source}`;
        const page = runPage(path + query, { cookie, lang: attributes.language, own });
        if (page.rootVariant !== (expected ?? own) || !page.shownAgain) disagreements.push(`inline script ${id}: ${page.rootVariant} != ${expected ?? own}`);

        seen.set(expected ?? '(not in the experiment)', (seen.get(expected ?? '(not in the experiment)') ?? 0) + 1);
      }
      expect(disagreements.slice(0, 5)).toEqual([]);
      // every variation is reached, so the comparison covered each bucket range
      for (const variation of experiment.variations) expect(seen.get(variation), variation).toBeGreaterThan(0);
      // coverage, a namespace or targeting leave visitors out; the plain 50/50 split leaves none
      const left = seen.get('(not in the experiment)') ?? 0;
      if (experiment.coverage !== undefined || experiment.namespace || experiment.condition) expect(left).toBeGreaterThan(0);
      else expect(left).toBe(0);
    },
    120_000,
  );

  it('two experiments with ranges of one namespace that do not overlap never share a visitor', () => {
    const [layout, price] = (['options-layout', 'options-price'] as const).map((key) => experimentEntries(experiments).find(([k]) => k === key)![1]);
    let both = 0;
    for (let k = 0; k < IDS; k++) {
      const id = visitorId(k);
      const none = { visitorId: id, overrides: {}, sticky: {} };
      if (assign('options-layout', layout!, none) && assign('options-price', price!, none)) both += 1;
    }
    expect(both).toBe(0);
  }, 30_000);
});
