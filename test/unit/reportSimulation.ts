/**
 * Simulated experiments for the statistics tests: visitors walk a realistic flow graph (the simulator the
 * event logs are written from) on the paths a running experiment splits; the arms' visitors and purchases go to the
 * same comparisons the report uses.
 */
import { LATAM_OFFER } from '../fixtures/latamOffer.ts';
import type { GroupMetrics } from '../../scripts/report/model.ts';
import { experimentArms, experimentEntries } from '../../engine/index.ts';
import { loadFunnelData } from '../../engine/validate/index.ts';
import {
  createRandom,
  DEFAULT_OPTIONS,
  simulateVisitor,
  simulationModel,
  type SimulationModel,
  type SimulationOptions,
} from '../../scripts/report/simulator.ts';

let model: SimulationModel;
export let arms: string[];
export let weights: number[];
/** The running experiment of the docs' example (test/fixtures/experiments/latam-offer.json). */
export let experimentId: string;
let paths: string[];

/**
 * The flows the statistics walk: a realistic set kept with the tests, so a step or a variant a
 * marketer adds to flows/ never changes the draws (and the expected false-positive count) here.
 */
const SIMULATED_FLOWS = 'test/fixtures/flows/valid/real-flows';

/** Reads the flow files; call from beforeAll. */
export async function loadSimulation(): Promise<void> {
  // the docs' example experiment runs on /latam (the shipped flows run none on a spec route)
  const data = { ...(await loadFunnelData({ flowsDir: SIMULATED_FLOWS })), experiments: LATAM_OFFER };
  model = simulationModel(data);
  const running = experimentEntries(data.experiments).find(([, e]) => e.status === 'running');
  if (!running) throw new Error('the statistics tests need a running experiment (test/fixtures/experiments/latam-offer.json)');
  const [id, experiment] = running;
  experimentId = id;
  paths = experiment.paths;
  arms = experimentArms(experiment).map((v) => v.variant);
  weights = experimentArms(experiment).map((v) => v.weight);
}

/** Visitors and purchases per arm of one simulated experiment on the experiment's paths. */
export function experiment(seed: number, visitors: number, options: Partial<SimulationOptions> = {}): Array<{ n: number; x: number }> {
  const random = createRandom(seed);
  const simulation = { ...DEFAULT_OPTIONS, paths, ...options };
  const counts = arms.map(() => ({ n: 0, x: 0 }));
  for (let i = 0; i < visitors; i++) {
    const walk = simulateVisitor(model, simulation, random);
    const arm = counts[arms.indexOf(walk.experiment!.variation)]!;
    arm.n++;
    if (walk.purchase > 0) arm.x++;
  }
  return counts;
}

/**
 * One simulated experiment read every day: visitors arrive evenly over `days` days, and each day gives
 * the cumulative visitors and purchases per arm up to its end.
 */
export function dailyExperiment(
  seed: number,
  visitors: number,
  days: number,
  options: Partial<SimulationOptions> = {},
): Array<Array<{ n: number; x: number }>> {
  const random = createRandom(seed);
  const simulation = { ...DEFAULT_OPTIONS, paths, ...options };
  const counts = arms.map(() => ({ n: 0, x: 0 }));
  const readings: Array<Array<{ n: number; x: number }>> = [];
  for (let day = 0; day < days; day++) {
    const arriving = Math.round(((day + 1) * visitors) / days) - Math.round((day * visitors) / days);
    for (let i = 0; i < arriving; i++) {
      const walk = simulateVisitor(model, simulation, random);
      const arm = counts[arms.indexOf(walk.experiment!.variation)]!;
      arm.n++;
      if (walk.purchase > 0) arm.x++;
    }
    readings.push(counts.map((c) => ({ ...c })));
  }
  return readings;
}

/** Every metric of each arm of one simulated experiment, as the report's SQL sums them. */
export function experimentMetrics(seed: number, visitors: number, options: Partial<SimulationOptions> = {}): GroupMetrics[] {
  const random = createRandom(seed);
  const simulation = { ...DEFAULT_OPTIONS, paths, ...options };
  const metrics = arms.map((key) => ({
    key,
    visitors: 0,
    signups: 0,
    purchases: 0,
    upsells: 0,
    revenue: 0,
    revenueSquares: 0,
    paying: 0,
    revenue7d: 0,
    revenue30d: 0,
    revenue90d: 0,
    refunds: 0,
  }));
  for (let i = 0; i < visitors; i++) {
    const walk = simulateVisitor(model, simulation, random);
    const arm = metrics[arms.indexOf(walk.experiment!.variation)]!;
    const revenue = walk.purchase + walk.upsell;
    arm.visitors++;
    if (walk.signedUp) arm.signups++;
    if (walk.purchase > 0) arm.purchases++;
    if (walk.upsell > 0) arm.upsells++;
    arm.revenue += revenue;
    arm.revenueSquares += revenue * revenue;
    if (revenue) arm.paying++;
  }
  return metrics;
}
