/**
 * The exploratory breakdowns of an experiment: its arms compared on the first goal within each UTM
 * source, country, device type and language (sql/13_breakdowns.sql). Many comparisons are made and
 * none is corrected for the others, so a difference here is a lead for the next experiment, never a
 * decision; the page and the terminal say so.
 */
import { compareMetric } from './decision.ts';
import type { GroupMetrics, MetricKey } from './model.ts';
import type { Comparison, TestOptions } from './stats.ts';

export const BREAKDOWNS = ['utm_source', 'country', 'device', 'language'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
export const BREAKDOWN_LABELS: Record<Breakdown, string> = { utm_source: 'UTM source', country: 'country', device: 'device', language: 'language' };
/** The most values shown per breakdown (the largest by visitors); the rest are summed under "(other)". */
export const MAX_VALUES = 8;

export interface BreakdownRow {
  experiment_id: string;
  variation_id: string;
  breakdown: string;
  value: string;
  visitors: number;
  signups: number;
  purchases: number;
  upsells: number;
  revenue: number;
  revenue_squares: number;
  paying: number;
}

export interface BreakdownGroup {
  breakdown: Breakdown;
  value: string;
  /** The arms' metrics within the value, in the experiment's arm order. */
  arms: GroupMetrics[];
  /** Each arm against the control on the goal (null for the control). */
  vsControl: Array<Comparison | null>;
}

const empty = (key: string): GroupMetrics => ({
  key,
  visitors: 0,
  signups: 0,
  purchases: 0,
  upsells: 0,
  revenue: 0,
  revenueSquares: 0,
  paying: 0,
  // the breakdowns compare the goal only
  revenue7d: 0,
  revenue30d: 0,
  revenue90d: 0,
  refunds: 0,
});

function add(m: GroupMetrics, r: BreakdownRow): void {
  m.visitors += Number(r.visitors);
  m.signups += Number(r.signups);
  m.purchases += Number(r.purchases);
  m.upsells += Number(r.upsells);
  m.revenue += r.revenue;
  m.revenueSquares += r.revenue_squares;
  m.paying += Number(r.paying);
}

/** The breakdown groups of one experiment's rows, per breakdown its largest values first. */
export function experimentBreakdowns(rows: BreakdownRow[], arms: string[], goal: MetricKey, test: TestOptions): BreakdownGroup[] {
  const groups: BreakdownGroup[] = [];
  for (const breakdown of BREAKDOWNS) {
    const byValue = new Map<string, GroupMetrics[]>();
    for (const r of rows.filter((x) => x.breakdown === breakdown)) {
      const k = arms.indexOf(r.variation_id);
      if (k < 0) continue;
      if (!byValue.has(r.value)) byValue.set(r.value, arms.map(empty));
      add(byValue.get(r.value)![k]!, r);
    }
    const total = (ms: GroupMetrics[]): number => ms.reduce((s, m) => s + m.visitors, 0);
    const values = [...byValue].sort((a, b) => total(b[1]) - total(a[1]) || a[0].localeCompare(b[0]));
    const shown = values.slice(0, MAX_VALUES);
    if (values.length > MAX_VALUES) {
      const other = arms.map(empty);
      for (const [, ms] of values.slice(MAX_VALUES))
        ms.forEach((m, k) => add(other[k]!, { ...m, experiment_id: '', variation_id: '', breakdown, value: '', revenue_squares: m.revenueSquares }));
      shown.push(['(other)', other]);
    }
    for (const [value, ms] of shown)
      groups.push({ breakdown, value, arms: ms, vsControl: ms.map((m, k) => (k === 0 ? null : compareMetric(ms[0]!, m, goal, test))) });
  }
  return groups;
}
