/** The report's statistics detect a planted lift in simulated experiments. */
import { arms, experiment, loadSimulation } from './reportSimulation.ts';
import { compareProportions, DEFAULT_TEST } from '../../scripts/report/stats.ts';

beforeAll(loadSimulation);

describe('simulated experiments with an effect', () => {
  it('detects a planted +10% relative lift in purchase at 50,000 visitors per arm at least 80% of the time', () => {
    const runs = 20;
    let detected = 0;
    let liftSum = 0;
    for (let run = 0; run < runs; run++) {
      const [control, variant] = experiment(20_000 + run, 100_000, { lift: { variant: arms[1]!, relative: 0.1 } });
      // a fixed-horizon test read once at the planned size (the sequential default trades some power for safe daily reads)
      const c = compareProportions(control!, variant!, { ...DEFAULT_TEST, sequential: false });
      liftSum += c.lift!;
      if (c.pValue! < 0.05 && c.lift! > 0) detected++;
    }
    expect(detected / runs).toBeGreaterThanOrEqual(0.8);
    // the estimate is centred on the planted lift
    expect(liftSum / runs).toBeGreaterThan(0.07);
    expect(liftSum / runs).toBeLessThan(0.13);
  }, 120_000);
});
