/**
 * The report's statistics, pure functions over per-arm aggregates (visitors, conversions, sums). One
 * model gives every figure of a comparison, as GrowthBook's gbstats (0.8) frequentist engine does: the
 * relative lift `mB / mA - 1` with its delta-method variance, and from that one estimate and variance
 * - the interval and the p-value: by default sequential (gbstats' SequentialTwoSidedTTest, the
 *   mixture boundary of Howard et al. / Waudby-Smith et al. with tuning parameter 5000), valid however
 *   often it is read; or a fixed-horizon Welch t-test (gbstats' TwoSidedTTest);
 * - the verdict, from the interval: better when it lies above 0, worse below, so that verdict,
 *   interval and p-value never disagree;
 * - the chance to beat the control and the expected loss (risk) of either choice, as gbstats'
 *   EffectBayesianABTest with its default flat prior: the lift's posterior is normal with the same
 *   mean and variance.
 * Besides: the sample-ratio-mismatch check (chi-square, flagged at p < 0.001 as GrowthBook does) and
 * the visitors an arm needs before a lift of today's size would be established.
 * docs/report.md writes each formula out.
 */
import { chiSquareSf, normalCdf, normalPdf, normalQuantile, studentTQuantileTwoSided, studentTTwoSided } from './distributions.ts';

/** Conversions of one arm: `n` visitors of whom `x` converted. */
export interface ProportionArm {
  n: number;
  x: number;
}

/** A per-visitor value of one arm (revenue): visitors, sum, sum of squares, visitors with a value other than 0. */
export interface MeanArm {
  n: number;
  sum: number;
  sumSquares: number;
  nonZero: number;
}

export type Verdict = 'better' | 'worse' | 'no clear difference' | 'too small to decide';

export interface Comparison {
  /** The variant's rate or mean over the control's, minus 1; null when the control's is 0. */
  lift: number | null;
  /** The interval of the lift at level 1 - alpha (sequential or fixed-horizon); null when it cannot be computed. */
  liftLow: number | null;
  liftHigh: number | null;
  /** Standard error of the lift (delta method). */
  stdError: number | null;
  /** P(variant > control) under the flat-prior normal posterior of the lift; null without data to compare. */
  chanceToBeat: number | null;
  /** Expected relative loss of shipping the control / the variant (gbstats' risk); null without data. */
  risk: { control: number; variant: number } | null;
  /** Two-sided p-value of "no difference" of the same test as the interval; null when it cannot be computed. */
  pValue: number | null;
  verdict: Verdict;
  /** Too few conversions in an arm for the numbers to decide anything (see MIN_CONVERSIONS). */
  tooSmall: boolean;
  /** The test's settings: sequential or not, and its level. */
  sequential: boolean;
  alpha: number;
}

export interface TestOptions {
  /** Anytime-valid intervals, safe to read every day (default); false: a fixed-horizon t-test, read once. */
  sequential: boolean;
  /** The mixture's tuning parameter: the total visitors at which the sequential interval is tightest. */
  tuning: number;
  /** Significance level of this comparison (already divided by the number of goals, Bonferroni). */
  alpha: number;
}

export const DEFAULT_TEST: TestOptions = { sequential: true, tuning: 5000, alpha: 0.05 };

/** The fewest conversions (visitors with a value, for revenue) each arm needs before a result is read as decided. */
export const MIN_CONVERSIONS = 100;
/** GrowthBook's default threshold of the sample-ratio-mismatch check. */
export const SRM_P_THRESHOLD = 0.001;

/** One arm as the test reads it: visitors, mean and the per-visitor variance. */
interface Moments {
  n: number;
  mean: number;
  variance: number;
}

/** rho of the normal mixture (eq. 161 of Waudby-Smith et al. 2023, arXiv 2103.06476v7), as gbstats' sequential_rho. */
export const sequentialRho = (alpha: number, tuning: number): number => Math.sqrt((-2 * Math.log(alpha) + Math.log(-2 * Math.log(alpha) + 1)) / tuning);

/** Half the width of the sequential interval for total visitors `n` and standard error `se` (eq. 9 there). */
export function sequentialHalfWidth(se: number, n: number, alpha: number, tuning: number): number {
  const rho = sequentialRho(alpha, tuning);
  const nr2 = n * rho * rho + 1;
  return Math.sqrt(se * se * n) * Math.sqrt((2 * nr2 * Math.log(Math.sqrt(nr2) / alpha)) / (n * rho) ** 2);
}

/** The always-valid p-value (eq. 155 there): 1 / the e-value of the mixture, capped at 1. */
function sequentialPValue(lift: number, se: number, n: number, alpha: number, tuning: number): number {
  const rho2 = sequentialRho(alpha, tuning) ** 2;
  const st2 = (lift * lift * n) / (se * se);
  const tr2p1 = n * rho2 + 1;
  const eValue = Math.exp((rho2 * st2) / (2 * tr2p1)) / Math.sqrt(tr2p1);
  return Math.min(1 / eValue, 1);
}

/** gbstats' risk: the expected loss of each choice under a normal posterior N(mu, sigma²) of the lift. */
function risk(mu: number, sigma: number): { control: number; variant: number } {
  const z = mu / sigma;
  const pControlBetter = normalCdf(-z);
  // means of the normal truncated to above and below 0
  const meanAbove = mu + (sigma * normalPdf(z)) / Math.max(normalCdf(z), 1e-300);
  const meanBelow = mu - (sigma * normalPdf(z)) / Math.max(normalCdf(-z), 1e-300);
  return { control: (1 - pControlBetter) * meanAbove, variant: -pControlBetter * meanBelow };
}

const empty = (tooSmall: boolean, options: TestOptions): Comparison => ({
  lift: null,
  liftLow: null,
  liftHigh: null,
  stdError: null,
  chanceToBeat: null,
  risk: null,
  pValue: null,
  verdict: tooSmall ? 'too small to decide' : 'no clear difference',
  tooSmall,
  sequential: options.sequential,
  alpha: options.alpha,
});

/** The relative-lift test of gbstats on two arms' moments; every figure of the comparison comes from it. */
function relativeLiftTest(a: Moments, b: Moments, tooSmall: boolean, options: TestOptions): Comparison {
  if (!(a.mean > 0) || a.n <= 1 || b.n <= 1) return empty(tooSmall, options);
  const lift = b.mean / a.mean - 1;
  const variance = b.variance / (a.mean ** 2 * b.n) + (a.variance * b.mean ** 2) / (a.mean ** 4 * a.n);
  if (!(variance > 0)) return { ...empty(tooSmall, options), lift };
  const se = Math.sqrt(variance);
  let half: number;
  let pValue: number;
  if (options.sequential) {
    const n = a.n + b.n;
    half = sequentialHalfWidth(se, n, options.alpha, options.tuning);
    pValue = sequentialPValue(lift, se, n, options.alpha, options.tuning);
  } else {
    // Welch-Satterthwaite degrees of freedom, as gbstats
    const vA = a.variance / a.n;
    const vB = b.variance / b.n;
    const df = (vA + vB) ** 2 / ((vA * vA) / (a.n - 1) + (vB * vB) / (b.n - 1));
    half = studentTQuantileTwoSided(options.alpha, df) * se;
    pValue = studentTTwoSided(lift / se, df);
  }
  const liftLow = lift - half;
  const liftHigh = lift + half;
  const verdict: Verdict = tooSmall ? 'too small to decide' : liftLow > 0 ? 'better' : liftHigh < 0 ? 'worse' : 'no clear difference';
  return {
    lift,
    liftLow,
    liftHigh,
    stdError: se,
    chanceToBeat: normalCdf(lift / se),
    risk: risk(lift, se),
    pValue,
    verdict,
    tooSmall,
    sequential: options.sequential,
    alpha: options.alpha,
  };
}

/** A rate's moments: the mean and the per-visitor variance p(1 - p), as gbstats' ProportionStatistic. */
const proportionMoments = (arm: ProportionArm): Moments => {
  const p = arm.n > 0 ? arm.x / arm.n : 0;
  return { n: arm.n, mean: p, variance: p * (1 - p) };
};

/** Mean and sample variance of an arm, as gbstats' SampleMeanStatistic. */
export function meanAndVariance(arm: MeanArm): { mean: number; variance: number } {
  if (arm.n <= 0) return { mean: 0, variance: 0 };
  const mean = arm.sum / arm.n;
  const variance = arm.n > 1 ? Math.max(0, (arm.sumSquares - (arm.sum * arm.sum) / arm.n) / (arm.n - 1)) : 0;
  return { mean, variance };
}

export function compareProportions(control: ProportionArm, variant: ProportionArm, options: TestOptions = DEFAULT_TEST): Comparison {
  const tooSmall = control.x < MIN_CONVERSIONS || variant.x < MIN_CONVERSIONS;
  return relativeLiftTest(proportionMoments(control), proportionMoments(variant), tooSmall, options);
}

export function compareMeans(control: MeanArm, variant: MeanArm, options: TestOptions = DEFAULT_TEST): Comparison {
  const tooSmall = control.nonZero < MIN_CONVERSIONS || variant.nonZero < MIN_CONVERSIONS;
  return relativeLiftTest({ n: control.n, ...meanAndVariance(control) }, { n: variant.n, ...meanAndVariance(variant) }, tooSmall, options);
}

/** The most visitors per arm the needed-sample estimate looks at; beyond it the answer is "not at this traffic". */
export const MAX_VISITORS_PER_ARM = 100_000_000;
/** The smallest lift the needed-sample estimate plans for when today's estimate is about 0. */
export const SMALLEST_PLANNED_LIFT = 0.01;

/**
 * Visitors per arm (the larger arm) at which a lift the size of today's (at least SMALLEST_PLANNED_LIFT)
 * would be established by this test, if the rates and the split stay as they are; null when it
 * cannot be estimated, Infinity past MAX_VISITORS_PER_ARM.
 */
export function visitorsNeeded(c: Comparison, control: { n: number }, variant: { n: number }): number | null {
  if (c.lift === null || c.stdError === null || control.n <= 0 || variant.n <= 0) return null;
  const effect = Math.max(Math.abs(c.lift), SMALLEST_PLANNED_LIFT);
  const largest = Math.max(control.n, variant.n);
  const n = control.n + variant.n;
  // scaling both arms by f divides the variance by f
  const half = (f: number): number =>
    c.sequential
      ? sequentialHalfWidth(c.stdError! / Math.sqrt(f), f * n, c.alpha, DEFAULT_TEST.tuning)
      : (normalQuantile(1 - c.alpha / 2) * c.stdError!) / Math.sqrt(f);
  if (half(1) <= effect) return largest;
  let high = 2;
  while (half(high) > effect) {
    high *= 2;
    if (high * largest > MAX_VISITORS_PER_ARM) return Infinity;
  }
  let low = high / 2;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (half(mid) > effect) low = mid;
    else high = mid;
  }
  return Math.ceil(high * largest);
}

export interface SampleRatioCheck {
  /** Visitors each arm should have under the declared weights. */
  expected: number[];
  chiSquare: number;
  pValue: number;
  /** p below SRM_P_THRESHOLD: the split is broken and the other numbers are not to be trusted. */
  mismatch: boolean;
}

/** Chi-square goodness of fit of the observed arm sizes against the declared weights (any scale). */
export function sampleRatioCheck(observed: readonly number[], weights: readonly number[]): SampleRatioCheck {
  const total = observed.reduce((s, v) => s + v, 0);
  const weightSum = weights.reduce((s, v) => s + v, 0);
  const expected = weights.map((w) => (total * w) / weightSum);
  if (total === 0 || observed.length < 2) return { expected, chiSquare: 0, pValue: 1, mismatch: false };
  const chiSquare = observed.reduce((s, o, i) => s + (expected[i]! > 0 ? (o - expected[i]!) ** 2 / expected[i]! : 0), 0);
  const pValue = chiSquareSf(chiSquare, observed.length - 1);
  return { expected, chiSquare, pValue, mismatch: pValue < SRM_P_THRESHOLD };
}
