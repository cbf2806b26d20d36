/**
 * GrowthBook's bucketing, so that an assignment made here is the one GrowthBook (or a warehouse
 * query) would compute: hash version 2 is fnv1a32 of the decimal string of fnv1a32(seed + value),
 * modulo 10,000, as a fraction; a visitor gets the variation whose bucket range holds that number.
 * The page's inline script (scripts/build/experimentScript.ts) repeats this in a few bytes; a unit
 * test holds the two together.
 */

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
 * The bucket range [start, end) of each variation for relative weights (divided by their sum), in
 * order, covering all traffic: GrowthBook's getBucketRanges with coverage 1.
 * @example bucketRanges([1, 1]) // [[0, 0.5], [0.5, 1]]
 */
export function bucketRanges(weights: readonly number[]): Array<[number, number]> {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let cumulative = 0;
  return weights.map((w) => {
    const start = cumulative;
    cumulative += w / total;
    return [start, cumulative];
  });
}

/** The index of the range holding n, or -1 (GrowthBook's chooseVariation). */
export function chooseVariation(n: number, ranges: ReadonlyArray<readonly [number, number]>): number {
  return ranges.findIndex(([start, end]) => n >= start && n < end);
}
