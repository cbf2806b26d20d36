/**
 * The report's statistics, pure functions over per-arm aggregates (visitors, conversions, sums):
 * - relative lift of a variant over the control with a 95% interval (delta method);
 * - the Bayesian chance to beat the control as GrowthBook's Bayesian engine computes it: a Beta(1, 1)
 *   prior and beta-binomial posteriors for conversions, a normal posterior of the mean for revenue,
 *   each compared on the log scale through a normal approximation of the log-ratio;
 * - a two-sided frequentist p-value (two-proportion z-test; Welch's t-test for a mean);
 * - the sample-ratio-mismatch check (chi-square goodness of fit, flagged at p < 0.001 as GrowthBook does);
 * - a "too small to decide" flag when an arm has fewer than MIN_CONVERSIONS conversions.
 * docs/report.md writes each formula out.
 */
import { chiSquareSf, digamma, normalCdf, normalQuantile, studentTTwoSided, trigamma } from './distributions.ts';

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

export interface Comparison {
  /** The variant's rate or mean over the control's, minus 1; null when the control's is 0. */
  lift: number | null;
  /** The 95% interval of the lift (delta method); null when it cannot be computed. */
  liftLow: number | null;
  liftHigh: number | null;
  /** P(variant > control) under the posterior; null without data to compare. */
  chanceToBeat: number | null;
  /** Two-sided p-value of "no difference"; null when both arms have no variance. */
  pValue: number | null;
  /** Too few conversions in an arm for the numbers to decide anything (see MIN_CONVERSIONS). */
  tooSmall: boolean;
}

/** The fewest conversions (visitors with a value, for revenue) each arm needs before a result is read as decided. */
export const MIN_CONVERSIONS = 100;
/** GrowthBook's default threshold of the sample-ratio-mismatch check. */
export const SRM_P_THRESHOLD = 0.001;
export const CONFIDENCE = 0.95;
const Z = normalQuantile(1 - (1 - CONFIDENCE) / 2);

/** The delta-method interval of mB / mA - 1 from the means and the variances of the means. */
function relativeLift(meanA: number, varMeanA: number, meanB: number, varMeanB: number): Pick<Comparison, 'lift' | 'liftLow' | 'liftHigh'> {
  if (!(meanA > 0)) return { lift: null, liftLow: null, liftHigh: null };
  const lift = meanB / meanA - 1;
  const variance = varMeanB / (meanA * meanA) + (meanB * meanB * varMeanA) / meanA ** 4;
  const half = Z * Math.sqrt(variance);
  return { lift, liftLow: lift - half, liftHigh: lift + half };
}

/** Mean and variance of log(p) for p ~ Beta(alpha, beta). */
function logBetaMoments(alpha: number, beta: number): { mean: number; variance: number } {
  return { mean: digamma(alpha) - digamma(alpha + beta), variance: trigamma(alpha) - trigamma(alpha + beta) };
}

/**
 * Chance that the variant's conversion rate beats the control's: Beta(1 + x, 1 + n - x) posteriors,
 * log(pB) - log(pA) approximated as normal with the log-beta moments.
 */
export function chanceToBeatProportion(control: ProportionArm, variant: ProportionArm): number | null {
  if (control.n <= 0 || variant.n <= 0) return null;
  const a = logBetaMoments(1 + control.x, 1 + control.n - control.x);
  const b = logBetaMoments(1 + variant.x, 1 + variant.n - variant.x);
  return normalCdf((b.mean - a.mean) / Math.sqrt(a.variance + b.variance));
}

export function compareProportions(control: ProportionArm, variant: ProportionArm): Comparison {
  const tooSmall = control.x < MIN_CONVERSIONS || variant.x < MIN_CONVERSIONS;
  if (control.n <= 0 || variant.n <= 0) return { lift: null, liftLow: null, liftHigh: null, chanceToBeat: null, pValue: null, tooSmall: true };
  const pA = control.x / control.n;
  const pB = variant.x / variant.n;
  const pooled = (control.x + variant.x) / (control.n + variant.n);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.n + 1 / variant.n));
  return {
    ...relativeLift(pA, (pA * (1 - pA)) / control.n, pB, (pB * (1 - pB)) / variant.n),
    chanceToBeat: chanceToBeatProportion(control, variant),
    pValue: se > 0 ? 2 * normalCdf(-Math.abs(pB - pA) / se) : null,
    tooSmall,
  };
}

/** Mean and sample variance of an arm. */
export function meanAndVariance(arm: MeanArm): { mean: number; variance: number } {
  if (arm.n <= 0) return { mean: 0, variance: 0 };
  const mean = arm.sum / arm.n;
  const variance = arm.n > 1 ? Math.max(0, (arm.sumSquares - (arm.sum * arm.sum) / arm.n) / (arm.n - 1)) : 0;
  return { mean, variance };
}

export function compareMeans(control: MeanArm, variant: MeanArm): Comparison {
  const tooSmall = control.nonZero < MIN_CONVERSIONS || variant.nonZero < MIN_CONVERSIONS;
  if (control.n <= 1 || variant.n <= 1) return { lift: null, liftLow: null, liftHigh: null, chanceToBeat: null, pValue: null, tooSmall: true };
  const a = meanAndVariance(control);
  const b = meanAndVariance(variant);
  const vA = a.variance / control.n;
  const vB = b.variance / variant.n;
  const se = Math.sqrt(vA + vB);
  let pValue: number | null = null;
  if (se > 0) {
    // Welch-Satterthwaite degrees of freedom
    const df = (vA + vB) ** 2 / ((vA * vA) / (control.n - 1) + (vB * vB) / (variant.n - 1));
    pValue = studentTTwoSided((b.mean - a.mean) / se, df);
  }
  // GrowthBook's normal approximation on the log scale: log(mean) with variance var(mean) / mean²
  let chanceToBeat: number | null = null;
  if (a.mean > 0 && b.mean > 0) {
    const sd = Math.sqrt(vA / (a.mean * a.mean) + vB / (b.mean * b.mean));
    chanceToBeat = sd > 0 ? normalCdf((Math.log(b.mean) - Math.log(a.mean)) / sd) : b.mean > a.mean ? 1 : b.mean < a.mean ? 0 : 0.5;
  }
  return { ...relativeLift(a.mean, vA, b.mean, vB), chanceToBeat, pValue, tooSmall };
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
