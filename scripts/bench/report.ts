/** Small helpers for the benchmark's printout: medians, ratios and a Markdown table. */

export const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** `0.62x`; a dash when the reference is zero. */
export const ratio = (value: number, reference: number): string => (reference > 0 ? `${(value / reference).toFixed(2)}x` : '-');

export function formatTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
