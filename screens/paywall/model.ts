/**
 * The paywall's plan rules (no React): which plan it selects first, and the discount of a plan
 * against the regular price of a plan of the same length.
 */
import type { Plan } from '../../engine/index.ts';
import { durationDays } from '../../engine/index.ts';

/** A plan's discount against the regular price of a plan of the same length. */
export interface Discount {
  /** The regular price, shown struck through. */
  original: number;
  /** The saving as a fraction, e.g. 0.5 for half price. */
  fraction: number;
}

/**
 * The discount of `plan` against the regular plans (`regular`): the dearest regular plan of the same
 * length without a trial, when it costs more. Undefined when there is nothing to compare with.
 * @example discountAgainst(tomato, [tiger, fox, panther]) // { original: 39.96, fraction: 0.5 }
 */
export function discountAgainst(plan: Plan, regular: readonly Plan[]): Discount | undefined {
  const days = durationDays(plan.duration);
  const original = Math.max(0, ...regular.filter((r) => !r.trialDays && durationDays(r.duration) === days).map((r) => r.price));
  if (original <= plan.price || (plan.trialDays ?? 0) > 0) return undefined;
  return { original, fraction: Math.round(((original - plan.price) / original) * 100) / 100 };
}

/**
 * The plan the paywall selects: the visitor's earlier choice when it is one of this variant's plans,
 * else the variant's default, else its first plan.
 */
export function initialPlan(planNames: readonly string[], defaultPlan: string, chosen: string): string {
  if (chosen && planNames.includes(chosen)) return chosen;
  if (planNames.includes(defaultPlan)) return defaultPlan;
  return planNames[0] ?? '';
}
