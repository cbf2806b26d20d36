/**
 * What a discounted plan saves (no React): its regular price is the dearest plan of the same length
 * without a trial on the landing at "/", which sells at the regular prices. The paywall, the checkout's
 * order summary and the sandbox portal all read it from here, so they always name the same saving.
 */
import type { Landings, Plan, Plans } from '../../engine/index.ts';
import { durationDays, getVariant, planPricing, variantIds } from '../../engine/index.ts';
import { ownValue } from '../../engine/index.ts';

/** A plan's discount against the regular price of a plan of the same length. */
export interface Discount {
  /** The regular price, shown struck through. */
  original: number;
  /** The saving as a fraction, e.g. 0.5 for half price. */
  fraction: number;
}

/** The landing at "/" sells at the regular prices: the reference a discount is measured against. */
const REGULAR_PATH = '/';

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

/** The plans the regular landing sells. */
export function regularPlans(landings: Landings, catalogue: Plans): Plan[] {
  const regular = variantIds(landings)
    .map((id) => getVariant(landings, id)!)
    .find((v) => v.paths.includes(REGULAR_PATH));
  return (regular?.plans ?? []).map((name) => ownValue(catalogue.plans, name)).filter((p): p is Plan => p !== undefined);
}

/** Each plan's discount against the regular plan of the same length, by plan name (plans without one left out). */
export function planDiscounts(plans: readonly Plan[], landings: Landings, catalogue: Plans): Map<string, Discount> {
  const regular = regularPlans(landings, catalogue);
  const out = new Map<string, Discount>();
  for (const plan of plans) {
    const discount = discountAgainst(plan, regular);
    if (discount) out.set(plan.name, discount);
  }
  return out;
}

/** The largest saving among `plans` as a fraction (0.5 for half price), or undefined when none is discounted. */
export function bestDiscount(plans: readonly Plan[], landings: Landings, catalogue: Plans): number | undefined {
  const fractions = [...planDiscounts(plans, landings, catalogue).values()].map((d) => d.fraction);
  return fractions.length ? Math.max(...fractions) : undefined;
}

/**
 * True when every discount of `plans` recurs at renewal (none is a first-payment price), for the
 * landing badge's wording (here, not in screens/ui/priceTexts.ts: the landing must not load i18next).
 */
export function discountsRecur(plans: readonly Plan[]): boolean {
  return plans.every((plan) => planPricing(plan).kind !== 'intro');
}
