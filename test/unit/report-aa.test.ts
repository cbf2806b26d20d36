/** The report's statistics on simulated A/A experiments and broken splits, whose truth is known. */
import { experiment, experimentId, loadSimulation, weights } from './reportSimulation.ts';
import { compareProportions, sampleRatioCheck } from '../../scripts/report/stats.ts';

beforeAll(loadSimulation);

describe('simulated experiments without an effect', () => {
  it('has a false-positive rate between 2% and 8% at 95% over 200 A/A experiments', () => {
    let significant = 0;
    for (let run = 0; run < 200; run++) {
      const [control, variant] = experiment(10_000 + run, 4000);
      if (compareProportions(control!, variant!).pValue! < 0.05) significant++;
    }
    // the flows are the tests' own (reportSimulation.ts): the draws do not move when flows/ changes
    expect(significant / 200).toBeGreaterThanOrEqual(0.02);
    expect(significant / 200).toBeLessThanOrEqual(0.08);
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
