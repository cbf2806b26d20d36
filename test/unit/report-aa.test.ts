/** The report's statistics on simulated A/A experiments and broken splits, whose truth is known. */
import { dailyExperiment, experiment, experimentId, loadSimulation, weights } from './reportSimulation.ts';
import { compareProportions, DEFAULT_TEST, sampleRatioCheck, type TestOptions } from '../../scripts/report/stats.ts';

beforeAll(loadSimulation);

const FIXED_HORIZON: TestOptions = { ...DEFAULT_TEST, sequential: false };

describe('simulated experiments without an effect', () => {
  it('has a false-positive rate between 2% and 8% at 95% over 200 A/A experiments read once (fixed horizon)', () => {
    let significant = 0;
    for (let run = 0; run < 200; run++) {
      const [control, variant] = experiment(10_000 + run, 4000);
      if (compareProportions(control!, variant!, FIXED_HORIZON).pValue! < 0.05) significant++;
    }
    // the flows are the tests' own (reportSimulation.ts): the draws do not move when flows/ changes
    expect(significant / 200).toBeGreaterThanOrEqual(0.02);
    expect(significant / 200).toBeLessThanOrEqual(0.08);
  }, 120_000);

  it('flags at most 5% of 200 A/A experiments read every day for 14 days with the default sequential test', () => {
    const days = 14;
    let sequentialFlagged = 0;
    let fixedFlagged = 0;
    for (let run = 0; run < 200; run++) {
      const readings = dailyExperiment(40_000 + run, 4000, days);
      const flaggedOnSomeDay = (options: TestOptions): boolean =>
        readings.some(([control, variant]) => {
          const c = compareProportions(control!, variant!, options);
          return c.pValue !== null && c.pValue < 0.05;
        });
      if (flaggedOnSomeDay(DEFAULT_TEST)) sequentialFlagged++;
      if (flaggedOnSomeDay(FIXED_HORIZON)) fixedFlagged++;
    }
    expect(DEFAULT_TEST.sequential).toBe(true);
    expect(sequentialFlagged / 200).toBeLessThanOrEqual(0.05);
    // the peeking the sequential test guards against: the fixed-horizon test read daily flags far more
    expect(fixedFlagged / 200).toBeGreaterThan(0.1);
  }, 240_000);

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
