/** "Did you mean" suggestions: the closest candidate by Levenshtein distance. */

/** The Levenshtein edit distance between two strings. */
export function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate closest to `name`, if it is close enough to be a likely typo.
 * @example closest('gz-1-month-tigr', ['gz-1-month-tiger', 'gz-3-month-fox']) // 'gz-1-month-tiger'
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = candidate.toLowerCase() === name.toLowerCase() ? 0.5 : levenshtein(name, candidate);
    if (d < bestDistance && candidate !== name) [best, bestDistance] = [candidate, d];
  }
  return bestDistance <= limit ? best : undefined;
}

/** 'did you mean "x"?' for the closest candidate, else undefined. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const match = closest(name, candidates);
  return match === undefined ? undefined : `did you mean "${match}"?`;
}

/** A short quoted list: '"a", "b", "c"' (at most `max` entries, then "…"). */
export function quoteList(values: readonly string[], max = 12): string {
  const shown = values
    .slice(0, max)
    .map((v) => `"${v}"`)
    .join(', ');
  return values.length > max ? `${shown}, … (${values.length} in all)` : shown;
}
