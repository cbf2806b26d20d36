/**
 * GrowthBook's bucketing, so that an assignment made here is the one GrowthBook's SDK (or a warehouse
 * query) would compute for the same experiment: hash versions 1 and 2, bucket ranges from weights and
 * coverage, and namespaces. The page's inline script (engine/build/experimentScript.ts) repeats this
 * in a few bytes; a unit test runs both against the real SDK.
 */

/** GrowthBook's hash versions: 1 (the SDK's default) and 2 (what GrowthBook's app sets on new experiments). */
export type HashVersion = 1 | 2;

/** A namespace: [namespace id, start, end]; an experiment only takes visitors whose namespace hash is in [start, end). */
export type Namespace = [string, number, number];

/**
 * 32-bit FNV-1a of a string's UTF-16 code units (as GrowthBook's SDKs hash).
 * @example fnv1a32('a') // 3826002220
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * GrowthBook's hash version 2: a number in [0, 1) with four decimals.
 * @example hashV2('seed', 'a') // 0.0505
 */
export function hashV2(seed: string, value: string): number {
  return (fnv1a32(String(fnv1a32(seed + value))) % 10000) / 10000;
}

/**
 * GrowthBook's hash version 1 (value before seed, three decimals).
 * @example hashV1('seed', 'a') // fnv1a32('aseed') % 1000 / 1000
 */
export function hashV1(seed: string, value: string): number {
  return (fnv1a32(value + seed) % 1000) / 1000;
}

/** GrowthBook's `hash(seed, value, version)`. */
export function experimentHash(seed: string, value: string, version: HashVersion): number {
  return version === 2 ? hashV2(seed, value) : hashV1(seed, value);
}

/**
 * Whether a hash value falls in a namespace's range: GrowthBook hashes it with version 1 and the seed
 * `__<namespace id>`, so experiments of one namespace with disjoint ranges never share a visitor.
 * @example inNamespace('visitor-1', ['pricing', 0, 0.5])
 */
export function inNamespace(value: string, namespace: Namespace): boolean {
  const n = hashV1(`__${namespace[0]}`, value);
  return n >= namespace[1] && n < namespace[2];
}

/** Weights of `count` equal shares. */
const equalWeights = (count: number): number[] => Array.from({ length: count }, () => 1 / count);

/**
 * The weights GrowthBook uses: the given ones when there is one per variation and they add up to 1
 * (within 0.01), else equal shares (the validator reports both mistakes before that can happen).
 * @example effectiveWeights(2, [0.3, 0.3]) // [0.5, 0.5]
 */
export function effectiveWeights(count: number, weights?: readonly number[]): number[] {
  if (!weights || weights.length !== count) return equalWeights(count);
  const total = weights.reduce((sum, w) => sum + w, 0);
  return total < 0.99 || total > 1.01 ? equalWeights(count) : [...weights];
}

/**
 * The bucket range [start, end) of each variation: GrowthBook's getBucketRanges. Each variation's
 * range starts where its full weight would and keeps `coverage` of it, so raising the coverage of a
 * running experiment never moves a visitor between variations.
 * @example bucketRanges(2, 0.5, [0.5, 0.5]) // [[0, 0.25], [0.5, 0.75]]
 */
export function bucketRanges(count: number, coverage = 1, weights?: readonly number[]): Array<[number, number]> {
  const kept = Math.min(1, Math.max(0, coverage));
  let cumulative = 0;
  return effectiveWeights(count, weights).map((w) => {
    const start = cumulative;
    cumulative += w;
    return [start, start + kept * w];
  });
}

/** The index of the range holding n, or -1 (GrowthBook's chooseVariation). */
export function chooseVariation(n: number, ranges: ReadonlyArray<readonly [number, number]>): number {
  return ranges.findIndex(([start, end]) => n >= start && n < end);
}
