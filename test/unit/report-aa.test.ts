/** The report's statistics on simulated A/A experiments and broken splits, whose truth is known. */
import { experiment, experimentId, loadSimulation, weights } from './reportSimulation.ts';
import { compareProportions, sampleRatioCheck } from '../../scripts/report/stats.ts';

beforeAll(loadSimulation);

/** The counts out of `n` trials at rate `p` outside which a binomial sample falls with probability at most `outside` (half per tail). */
function binomialRange(n: number, p: number, outside: number): [number, number] {
  const probabilities: number[] = [];
  let probability = (1 - p) ** n;
  for (let k = 0; k <= n; k++) {
    probabilities.push(probability);
    probability *= ((n - k) / (k + 1)) * (p / (1 - p));
  }
  const tail = outside / 2;
  let low = 0;
  for (let below = probabilities[0]!; below <= tail; below += probabilities[++low]!);
  let high = n;
  for (let above = probabilities[n]!; above <= tail; above += probabilities[--high]!);
  return [low, high];
}

describe('simulated experiments without an effect', () => {
  it('has a false-positive rate of about 5% at 95% over 200 A/A experiments (within the binomial 99.9% range)', () => {
    let significant = 0;
    for (let run = 0; run < 200; run++) {
      const [control, variant] = experiment(10_000 + run, 4000);
      if (compareProportions(control!, variant!).pValue! < 0.05) significant++;
    }
    // the simulation walks the flow graph, so a step or a variant added to flows/ draws other visitors:
    // the count must fit any honest sample, not the one today's flows happen to give
    const [low, high] = binomialRange(200, 0.05, 0.001);
    expect(significant).toBeGreaterThanOrEqual(low);
    expect(significant).toBeLessThanOrEqual(high);
  }, 120_000);

  it('trips the sample-ratio check on a 45/55 split of a 50/50 experiment, and not on the declared split', () => {
    const broken = experiment(30_000, 20_000, { forcedSplit: { [experimentId]: [45, 55] } });
    expect(
      sampleRatioCheck(
        broken.map((a) => a.n),
        weights,
      ).mismatch,
    ).toBe(true);
    const fine = experiment(30_001, 20_000);
    expect(
      sampleRatioCheck(
        fine.map((a) => a.n),
        weights,
      ).mismatch,
    ).toBe(false);
  });
});
