/** The report's statistics: the distribution functions against known values, and each comparison against a hand computation. */
import { chiSquareSf, digamma, logGamma, normalCdf, normalQuantile, studentTTwoSided, trigamma } from '../../scripts/report/distributions.ts';
import { chanceToBeatProportion, compareMeans, compareProportions, MIN_CONVERSIONS, sampleRatioCheck } from '../../scripts/report/stats.ts';

/** P(pB > pA) for Beta(1 + x, 1 + n - x) posteriors, exactly (Evan Miller's closed form). */
function exactChanceToBeat(a: { n: number; x: number }, b: { n: number; x: number }): number {
  const lnBeta = (p: number, q: number): number => logGamma(p) + logGamma(q) - logGamma(p + q);
  const [alphaA, betaA, alphaB, betaB] = [1 + a.x, 1 + a.n - a.x, 1 + b.x, 1 + b.n - b.x];
  let total = 0;
  for (let i = 0; i < alphaB; i++) total += Math.exp(lnBeta(alphaA + i, betaA + betaB) - Math.log(betaB + i) - lnBeta(1 + i, betaB) - lnBeta(alphaA, betaA));
  return total;
}

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

describe('conversions (beta-binomial, two-proportion z-test)', () => {
  it('computes the relative lift, its delta-method interval and the pooled z-test p-value by hand', () => {
    const c = compareProportions({ n: 1000, x: 100 }, { n: 1000, x: 120 });
    expect(c.lift).toBeCloseTo(0.2, 12);
    // var = pB(1-pB)/nB / pA² + pB² pA(1-pA)/nA / pA⁴ = 0.0001056/0.01 + 0.0144*0.00009/0.0001
    const sd = Math.sqrt(0.000105_6 / 0.01 + (0.0144 * 0.00009) / 0.0001);
    expect(c.liftLow).toBeCloseTo(0.2 - 1.959963984540054 * sd, 10);
    expect(c.liftHigh).toBeCloseTo(0.2 + 1.959963984540054 * sd, 10);
    const pooled = 0.11;
    const z = 0.02 / Math.sqrt(pooled * (1 - pooled) * (2 / 1000));
    expect(c.pValue).toBeCloseTo(2 * normalCdf(-z), 12);
    expect(c.tooSmall).toBe(false);
  });

  it('gives the chance to beat the control within a point of the exact beta posterior probability', () => {
    for (const [a, b] of [
      [
        { n: 1000, x: 100 },
        { n: 1000, x: 120 },
      ],
      [
        { n: 500, x: 30 },
        { n: 480, x: 25 },
      ],
      [
        { n: 5000, x: 260 },
        { n: 5000, x: 262 },
      ],
    ] as const) {
      expect(Math.abs(chanceToBeatProportion(a, b)! - exactChanceToBeat(a, b))).toBeLessThan(0.01);
    }
    expect(chanceToBeatProportion({ n: 1000, x: 100 }, { n: 1000, x: 100 })).toBeCloseTo(0.5, 10);
  });

  it('says too small to decide below MIN_CONVERSIONS in an arm', () => {
    expect(compareProportions({ n: 5000, x: MIN_CONVERSIONS - 1 }, { n: 5000, x: 400 }).tooSmall).toBe(true);
    expect(compareProportions({ n: 5000, x: MIN_CONVERSIONS }, { n: 5000, x: 400 }).tooSmall).toBe(false);
  });

  it('has no lift without control conversions and no p-value without variance', () => {
    const c = compareProportions({ n: 100, x: 0 }, { n: 100, x: 0 });
    expect([c.lift, c.pValue]).toEqual([null, null]);
  });
});

describe('revenue per visitor (Welch t-test, normal approximation)', () => {
  it('matches a hand computation from sums and sums of squares', () => {
    // control: 4 visitors paying 0, 0, 10, 20; variant: 0, 15, 15, 30
    const control = { n: 4, sum: 30, sumSquares: 500, nonZero: 2 };
    const variant = { n: 4, sum: 60, sumSquares: 1350, nonZero: 3 };
    const varA = (500 - 900 / 4) / 3;
    const varB = (1350 - 3600 / 4) / 3;
    const se = Math.sqrt(varA / 4 + varB / 4);
    const t = (15 - 7.5) / se;
    const df = (varA / 4 + varB / 4) ** 2 / ((varA / 4) ** 2 / 3 + (varB / 4) ** 2 / 3);
    const c = compareMeans(control, variant);
    expect(c.lift).toBeCloseTo(1, 12);
    expect(c.pValue).toBeCloseTo(studentTTwoSided(t, df), 12);
    expect(c.chanceToBeat).toBeCloseTo(normalCdf(Math.log(2) / Math.sqrt(varA / 4 / 56.25 + varB / 4 / 225)), 12);
    expect(c.tooSmall).toBe(true);
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
