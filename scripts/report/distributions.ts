/**
 * The few distribution functions the report's statistics need, in plain TypeScript: the normal CDF
 * and its inverse, digamma and trigamma (moments of a log-beta), and the upper tails of the chi-square
 * and Student t distributions (through the regularized incomplete gamma and beta functions, as in
 * Numerical Recipes). Accurate to about 1e-9 where the report reads them.
 */

/** log Γ(x) for x > 0 (Lanczos, g = 7, n = 9). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The complementary error function: erf's Taylor series below 2, a continued fraction (Lentz) above. */
function erfc(x: number): number {
  const z = Math.abs(x);
  let result: number;
  if (z < 2) {
    // erf by its Taylor series, which converges fast for small z
    let sum = z;
    let term = z;
    for (let n = 1; n < 100; n++) {
      term *= (-z * z) / n;
      const add = term / (2 * n + 1);
      sum += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
    }
    result = 1 - (2 / Math.sqrt(Math.PI)) * sum;
  } else {
    // continued fraction (Lentz) for erfc at large z
    let f = z;
    let c = z;
    let d = 0;
    for (let n = 1; n < 200; n++) {
      const a = n / 2;
      d = z + a * d;
      d = d === 0 ? 1e-300 : 1 / d;
      c = z + a / c;
      if (c === 0) c = 1e-300;
      const delta = c * d;
      f *= delta;
      if (Math.abs(delta - 1) < 1e-16) break;
    }
    result = Math.exp(-z * z) / (f * Math.sqrt(Math.PI));
  }
  return x >= 0 ? result : 2 - result;
}

/** P(Z <= x) for a standard normal Z. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** The x with P(Z <= x) = p (Acklam's approximation refined by one Halley step). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
      (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  }
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/** ψ(x), the digamma function, for x > 0 (recurrence up to 6, then the asymptotic series). */
export function digamma(x: number): number {
  let result = 0;
  while (x < 6) {
    result -= 1 / x;
    x += 1;
  }
  const f = 1 / (x * x);
  return result + Math.log(x) - 0.5 / x - f * (1 / 12 - f * (1 / 120 - f * (1 / 252 - f * (1 / 240 - f / 132))));
}

/** ψ'(x), the trigamma function, for x > 0. */
export function trigamma(x: number): number {
  let result = 0;
  while (x < 6) {
    result += 1 / (x * x);
    x += 1;
  }
  const f = 1 / (x * x);
  return result + 1 / x + f / 2 + (f / x) * (1 / 6 - f * (1 / 30 - f * (1 / 42 - f / 30)));
}

/** The regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a). */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-16) break;
    }
    return 1 - sum * Math.exp(lead);
  }
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(lead) * h;
}

/** P(X >= x) for a chi-square X with `df` degrees of freedom. */
export function chiSquareSf(x: number, df: number): number {
  return gammaQ(df / 2, x / 2);
}

/** The continued fraction of the incomplete beta function (Numerical Recipes' betacf). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m < 1000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta I_x(a, b). */
export function betaRegularized(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(|T| >= |t|) for a Student t with `df` degrees of freedom (two-sided). */
export function studentTTwoSided(t: number, df: number): number {
  if (!Number.isFinite(df) || df > 1e7) return 2 * normalCdf(-Math.abs(t));
  return betaRegularized(df / (df + t * t), df / 2, 0.5);
}

/** The t with P(|T| >= t) = `twoSided` for a Student t with `df` degrees of freedom (bisection on the tail). */
export function studentTQuantileTwoSided(twoSided: number, df: number): number {
  if (!(twoSided > 0 && twoSided < 1)) throw new RangeError(`studentTQuantileTwoSided needs 0 < p < 1, got ${twoSided}`);
  const z = normalQuantile(1 - twoSided / 2);
  if (!Number.isFinite(df) || df > 1e7) return z;
  // the t quantile is above the normal one; double the upper bound until it brackets
  let low = z;
  let high = Math.max(2 * z, 1);
  while (studentTTwoSided(high, df) > twoSided) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-13 * high; i++) {
    const mid = (low + high) / 2;
    if (studentTTwoSided(mid, df) > twoSided) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The standard normal density. */
export const normalPdf = (x: number): number => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
