/**
 * What a longer plan saves per day (no React): each plan's price per day against the dearest price per
 * day among the shorter plans shown beside it, so "Save 40%" is always computed from flows/plans.json,
 * never typed. Two plans of the same length save nothing on each other: their prices speak for themselves.
 *
 * Only like is compared with like, as the paywalls of the big subscription apps do: a saving is the
 * difference between regular prices, the ones every period costs from today. When any plan on the
 * paywall starts with a free trial, an intro period or a first-payment discount, none is shown: a
 * teaser ($0.99 for 3 days) against a full price would claim "Save 97%", and that paywall already
 * sells with its own badge ("Intro offer", "50% off").
 */
import type { Plan } from '../../engine/index.ts';
import { durationDays, planPricing } from '../../engine/index.ts';

/** A saving below this is noise ("Save 2%"), not a reason to choose: it is not shown. */
export const MIN_SAVING = 0.05;

/** A plan that costs the same price every period from today (no trial, no intro price, not free). */
const regular = (plan: Plan): boolean => !plan.free && plan.price > 0 && planPricing(plan).kind === 'plain';

const perDay = (plan: Plan): number => plan.price / durationDays(plan.duration);

/**
 * Each plan's saving as a whole-percent fraction (rounded down, so it never overstates), by plan name;
 * plans saving less than MIN_SAVING, and plans with no shorter one beside them, are left out. Empty
 * unless every plan shown charges its regular price from today.
 * @example planSavings([tiger, fox, panther]) // Map { 'gz-3-month-fox' => 0.5, 'gz-6-month-panther' => 0.7 }
 * @example planSavings([introBanana, redBanana]) // Map {} (an intro price is not a saving)
 */
export function planSavings(plans: readonly Plan[]): Map<string, number> {
  const out = new Map<string, number>();
  if (!plans.every(regular)) return out;
  for (const plan of plans) {
    const days = durationDays(plan.duration);
    const dearest = Math.max(0, ...plans.filter((other) => durationDays(other.duration) < days).map(perDay));
    if (dearest === 0) continue;
    const fraction = Math.floor((1 - perDay(plan) / dearest) * 100 + 1e-9) / 100;
    if (fraction >= MIN_SAVING) out.set(plan.name, fraction);
  }
  return out;
}
