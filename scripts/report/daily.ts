/**
 * An experiment over time, from sql/10_daily.sql's rows: the cumulative visitors, purchase rate and
 * lift in purchase against the control per day of exposure (with the same test as the comparisons,
 * so the chart's band is sequential by default), and the arms' visitors per day for the days an
 * undecided experiment still needs.
 */
import type { DailyPoint } from './model.ts';
import { compareProportions, type TestOptions } from './stats.ts';

export interface DailyRow {
  experiment_id: string;
  variation_id: string;
  day: number;
  visitors: number;
  purchases: number;
}

/** The cumulative series of the arms (in their order) by day of exposure. */
export function dailySeries(arms: string[], rows: DailyRow[], options: TestOptions): DailyPoint[] {
  const days = [...new Set(rows.map((r) => r.day))].sort((a, b) => a - b);
  const visitors = arms.map(() => 0);
  const purchases = arms.map(() => 0);
  return days.map((day) => {
    for (const r of rows.filter((x) => x.day === day)) {
      const k = arms.indexOf(r.variation_id);
      if (k < 0) continue;
      visitors[k]! += r.visitors;
      purchases[k]! += r.purchases;
    }
    return {
      day,
      visitors: [...visitors],
      purchaseRate: visitors.map((n, k) => (n ? purchases[k]! / n : 0)),
      lift: arms.map((_, k) => {
        if (k === 0) return null;
        const c = compareProportions({ n: visitors[0]!, x: purchases[0]! }, { n: visitors[k]!, x: purchases[k]! }, options);
        return { lift: c.lift, low: c.liftLow, high: c.liftHigh };
      }),
    };
  });
}

/** The arms' visitors per day over the days with exposures (first to last), for the days an experiment still needs. */
export function visitorsPerArmPerDay(rows: DailyRow[], arms: number): number {
  if (!rows.length || !arms) return 0;
  const days = rows.map((r) => Number(r.day));
  const span = Math.max(...days) - Math.min(...days) + 1;
  return rows.reduce((sum, r) => sum + Number(r.visitors), 0) / arms / span;
}
