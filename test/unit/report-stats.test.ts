/** The report's statistics: the distribution functions against known values, and each comparison against a hand computation. */
import { chiSquareSf, digamma, logGamma, normalCdf, normalQuantile, studentTTwoSided, trigamma } from '../../scripts/report/distributions.ts';
import { compareMeans, compareProportions, MIN_CONVERSIONS, sampleRatioCheck, visitorsNeeded } from '../../scripts/report/stats.ts';

describe('distribution functions', () => {
  it('match published values of the normal, chi-square and t distributions', () => {
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 12);
    expect(normalCdf(-3)).toBeCloseTo(0.0013498980316301, 13);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 10);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 9);
    expect(chiSquareSf(3.841458820694124, 1)).toBeCloseTo(0.05, 12);
    expect(chiSquareSf(10.827566170662733, 1)).toBeCloseTo(0.001, 12);
    expect(chiSquareSf(13.815510557964274, 2)).toBeCloseTo(0.001, 12);
    expect(studentTTwoSided(2.228138851986274, 10)).toBeCloseTo(0.05, 12);
    expect(studentTTwoSided(12.706204736174707, 1)).toBeCloseTo(0.05, 10);
    expect(digamma(1)).toBeCloseTo(-0.5772156649015329, 10);
    expect(trigamma(1)).toBeCloseTo(Math.PI ** 2 / 6, 9);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 10);
  });
});

/** gbstats' own reference numbers (packages/stats/tests/frequentist/test_tests.py), to its 5 decimals. */
const FIXED = { sequential: false, tuning: 5000, alpha: 0.05 };
const close = (actual: number | null, expected: number): void => expect(Math.abs(actual! - expected)).toBeLessThan(6e-6);

describe('the relative-lift test, against gbstats', () => {
  it('matches TwoSidedTTest on a mean (relative) and on proportions', () => {
    const mean = compareMeans(
      { n: 3407, sum: 1396.87, sumSquares: 52377.9767, nonZero: 3407 },
      { n: 3461, sum: 2422.7, sumSquares: 134698.29, nonZero: 3461 },
      FIXED,
    );
    close(mean.lift, 0.70732);
    close(mean.liftLow, -0.03526);
    close(mean.liftHigh, 1.44989);
    close(mean.stdError, 0.37879);
    close(mean.pValue, 0.06191);
    expect(mean.verdict).toBe('no clear difference');
    const binomial = compareProportions({ n: 28, x: 14 }, { n: 30, x: 16 }, FIXED);
    close(binomial.lift, 0.06667);
    close(binomial.liftLow, -0.47767);
    close(binomial.liftHigh, 0.61101);
    close(binomial.stdError, 0.2717);
    close(binomial.pValue, 0.80707);
  });

  it('matches SequentialTwoSidedTTest (tuning 1000 on a mean, the default 5000 on proportions)', () => {
    const mean = compareMeans(
      { n: 3000, sum: 1396.87, sumSquares: 52377.9767, nonZero: 3000 },
      { n: 3461, sum: 2422.7, sumSquares: 134698.29, nonZero: 3461 },
      { sequential: true, tuning: 1000, alpha: 0.05 },
    );
    close(mean.lift, 0.50336);
    close(mean.liftLow, -0.55844);
    close(mean.liftHigh, 1.56516);
    close(mean.stdError, 0.33341);
    close(mean.pValue, 1);
    const proportions = compareProportions({ n: 3000, x: 1396 }, { n: 3461, x: 2422 });
    expect(proportions.sequential).toBe(true);
    close(proportions.lift, 0.50386);
    close(proportions.liftLow, 0.40098);
    close(proportions.liftHigh, 0.60675);
    close(proportions.stdError, 0.03386);
    close(proportions.pValue, 0);
    expect(proportions.verdict).toBe('better');
  });

  it('gives the chance to beat and the risks of the flat-prior normal posterior (EffectBayesianABTest)', () => {
    const c = compareProportions({ n: 1000, x: 100 }, { n: 1000, x: 120 });
    expect(c.chanceToBeat).toBeCloseTo(normalCdf(c.lift! / c.stdError!), 12);
    // risk by numerical integration of the posterior: E[max(0, X)] and E[max(0, -X)]
    const [mu, sigma] = [c.lift!, c.stdError!];
    let lossControl = 0;
    let lossVariant = 0;
    const step = sigma / 2000;
    for (let x = mu - 12 * sigma; x < mu + 12 * sigma; x += step) {
      const density = (Math.exp(-0.5 * ((x - mu) / sigma) ** 2) / (sigma * Math.sqrt(2 * Math.PI))) * step;
      if (x > 0) lossControl += x * density;
      else lossVariant -= x * density;
    }
    expect(c.risk!.control).toBeCloseTo(lossControl, 5);
    expect(c.risk!.variant).toBeCloseTo(lossVariant, 5);
    expect(compareProportions({ n: 1000, x: 100 }, { n: 1000, x: 100 }).chanceToBeat).toBeCloseTo(0.5, 10);
  });

  it('never lets the verdict, the interval and the p-value disagree, sequential or not, small samples included', () => {
    let seed = 1;
    const random = (): number => ((seed = (seed * 48271) % 2147483647) - 1) / 2147483646;
    const binomial = (n: number, p: number): number => {
      let x = 0;
      for (let i = 0; i < n; i++) if (random() < p) x++;
      return x;
    };
    let checked = 0;
    let significant = 0;
    for (let draw = 0; draw < 4000; draw++) {
      const n = 20 + Math.floor(random() * 3000);
      const p = 0.02 + random() * 0.3;
      const control = { n, x: binomial(n, p) };
      const variant = { n: n + Math.floor(random() * 50), x: binomial(n, p * (0.8 + random() * 0.5)) };
      for (const options of [FIXED, { sequential: true, tuning: 5000, alpha: 0.05 }]) {
        const c = compareProportions(control, variant, options);
        if (c.pValue === null) continue;
        checked++;
        const excludesZero = c.liftLow! > 0 || c.liftHigh! < 0;
        expect(c.pValue < 0.05).toBe(excludesZero);
        if (excludesZero) significant++;
        if (!c.tooSmall) expect(c.verdict).toBe(c.liftLow! > 0 ? 'better' : c.liftHigh! < 0 ? 'worse' : 'no clear difference');
      }
    }
    expect(checked).toBeGreaterThan(7000);
    // both kinds of draws were met
    expect(significant).toBeGreaterThan(500);
    expect(checked - significant).toBeGreaterThan(500);
  });

  it('says too small to decide below MIN_CONVERSIONS in an arm', () => {
    expect(compareProportions({ n: 5000, x: MIN_CONVERSIONS - 1 }, { n: 5000, x: 400 }).verdict).toBe('too small to decide');
    expect(compareProportions({ n: 5000, x: MIN_CONVERSIONS }, { n: 5000, x: 400 }).tooSmall).toBe(false);
  });

  it('has no lift without control conversions and no p-value without variance', () => {
    const c = compareProportions({ n: 100, x: 0 }, { n: 100, x: 0 });
    expect([c.lift, c.pValue]).toEqual([null, null]);
  });

  it("estimates the visitors per arm at which a lift of today's size is established", () => {
    const control = { n: 4000, x: 240 };
    const variant = { n: 4000, x: 264 };
    for (const options of [FIXED, { sequential: true, tuning: 5000, alpha: 0.05 }]) {
      const c = compareProportions(control, variant, options);
      expect(c.verdict).toBe('no clear difference');
      const needed = visitorsNeeded(c, control, variant)!;
      expect(needed).toBeGreaterThan(4000);
      // at that size, with the same rates, the test finds the lift; a tenth fewer, not
      const at = (n: number): string => compareProportions({ n, x: (n * 240) / 4000 }, { n, x: (n * 264) / 4000 }, options).verdict;
      expect(at(needed + 10)).toBe('better');
      expect(at(Math.floor(needed * 0.9))).toBe('no clear difference');
    }
  });
});

describe('sample ratio mismatch', () => {
  it('flags 45/55 on a 50/50 split of 10,000 visitors and passes an even one', () => {
    const broken = sampleRatioCheck([4500, 5500], [50, 50]);
    expect(broken.chiSquare).toBeCloseTo(100, 10);
    expect(broken.mismatch).toBe(true);
    const fine = sampleRatioCheck([5030, 4970], [1, 1]);
    expect(fine.chiSquare).toBeCloseTo(0.36, 10);
    expect(fine.pValue).toBeCloseTo(chiSquareSf(0.36, 1), 12);
    expect(fine.mismatch).toBe(false);
  });

  it('uses the declared weights, so a planned 20/80 split is no mismatch', () => {
    expect(sampleRatioCheck([2000, 8000], [20, 80]).mismatch).toBe(false);
    expect(sampleRatioCheck([5000, 5000], [20, 80]).mismatch).toBe(true);
  });
});
