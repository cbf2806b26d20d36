/**
 * What a longer plan saves per day (no React): each plan's price per day against the dearest price per
 * day among the plans shown beside it, so "Save 40%" is always computed from flows/plans.json, never typed.
 */
import type { Plan } from '../../engine/index.ts';
import { durationDays } from '../../engine/index.ts';

/** A saving below this is noise ("Save 2%"), not a reason to choose: it is not shown. */
export const MIN_SAVING = 0.05;

/** Plans with a free trial or no price have no price per day to compare. */
const comparable = (plan: Plan): boolean => !plan.trialDays && !plan.free && plan.price > 0;

const perDay = (plan: Plan): number => plan.price / durationDays(plan.duration);

/**
 * Each plan's saving as a whole-percent fraction (rounded down, so it never overstates), by plan name;
 * plans saving less than MIN_SAVING, and the dearest plan itself, are left out.
 * @example planSavings([tiger, fox, panther]) // Map { 'gz-3-month-fox' => 0.5, 'gz-6-month-panther' => 0.7 }
 */
export function planSavings(plans: readonly Plan[]): Map<string, number> {
  const priced = plans.filter(comparable);
  const dearest = Math.max(0, ...priced.map(perDay));
  const out = new Map<string, number>();
  for (const plan of priced) {
    const fraction = Math.floor((1 - perDay(plan) / dearest) * 100 + 1e-9) / 100;
    if (fraction >= MIN_SAVING) out.set(plan.name, fraction);
  }
  return out;
}
