/**
 * The funnel's exposure event against GrowthBook's own SDK (@growthbook/growthbook): for the running
 * experiments of flows/experiments.json (or, while none runs, the example experiments of
 * test/fixtures/experiments, some with variation keys in `meta`, some without), 1,000 visitor ids each
 * go through the funnel's decision and exposure (assign + recordExposure, as a landing does) and
 * through GrowthBook's `run` with a `trackingCallback`. The funnel's `Experiment Viewed` must carry
 * exactly what the callback reports: `experiment.key` as experiment_id and `result.key` (the
 * variation's meta key, else its index) as variation_id, for the same visitors and no others; the
 * landing type shown rides along as `variant`.
 */
import { GrowthBook, type Experiment as GrowthBookExperiment } from '@growthbook/growthbook';
import { describe, expect, it } from 'vitest';
import {
  assign,
  createAnalytics,
  createFunnelStore,
  experimentEntries,
  memorySink,
  recordExposure,
  type AnalyticsEvent,
  type Experiments,
} from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { productSlices } from '../../screens/product/slices.ts';
import growthbookCases from '../fixtures/experiments/growthbook-cases.json';
import { LATAM_OFFER } from '../fixtures/latamOffer.ts';

const VISITORS = 1_000;

/** The shipped running experiments; the examples while none runs. */
const shipped = experimentEntries(funnelData.experiments).filter(([, e]) => e.status === 'running');
const experiments = shipped.length ? shipped : experimentEntries({ ...LATAM_OFFER, ...(growthbookCases as unknown as Experiments) } as Experiments);

const visitorId = (k: number): string => `gb-${(Math.imul(k + 1, 2654435761) >>> 0).toString(16)}-${k}`;
const attributesOf = (k: number) => ({
  country: ['BR', 'MX', 'DE'][k % 3]!,
  language: ['pt', 'es', 'en'][k % 4 === 0 ? 2 : k % 2]!,
  utm_source: k % 2 ? 'facebook' : 'google',
});

describe("the exposure is GrowthBook's trackingCallback", () => {
  it('covers experiments with and without variation keys', () => {
    expect(experiments.length).toBeGreaterThan(0);
    if (!shipped.length) {
      expect(experiments.some(([, e]) => e.meta?.some((m) => m.key))).toBe(true);
      expect(experiments.some(([, e]) => !e.meta)).toBe(true);
    }
  });

  it.each(experiments.map(([key, e]) => [key, e] as const))('%s: the same experiment_id and variation_id for 1,000 visitors', (key, experiment) => {
    const fromSdk: string[] = [];
    const fromFunnel: string[] = [];
    const keysSeen = new Set<string>();
    for (let k = 0; k < VISITORS; k++) {
      const id = visitorId(k);
      const attributes = attributesOf(k);
      const tracked: Array<{ experiment_id: string; variation_id: string }> = [];
      const gb = new GrowthBook({
        attributes: { id, ...attributes },
        trackingCallback: (exp, result) => void tracked.push({ experiment_id: exp.key, variation_id: result.key }),
      });
      // the experiment of the file as GrowthBook's experiment (meta included); the SDK ignores the fields it does not know
      const result = gb.run({ key, ...experiment } as unknown as GrowthBookExperiment<string>);
      fromSdk.push(...tracked.map((t) => `${id} ${t.experiment_id} ${t.variation_id}`));

      const log: AnalyticsEvent[] = [];
      const store = createFunnelStore(productSlices);
      recordExposure(store, createAnalytics([memorySink(log)]), assign(key, experiment, { visitorId: id, overrides: {}, sticky: {}, attributes }));
      const exposures = log.filter((e) => e.name === 'Experiment Viewed');
      fromFunnel.push(...exposures.map((e) => `${id} ${String(e.props.experiment_id)} ${String(e.props.variation_id)}`));
      for (const e of exposures) {
        // the landing type shown is the variation's value in GrowthBook's result
        expect(e.props.variant).toBe(result.value);
        keysSeen.add(String(e.props.variation_id));
      }
    }
    expect(fromFunnel.length).toBeGreaterThan(0);
    expect(fromFunnel).toEqual(fromSdk);
    // every variation was exposed, so each one's id was compared
    expect(keysSeen.size).toBe(experiment.variations.length);
  });
});
