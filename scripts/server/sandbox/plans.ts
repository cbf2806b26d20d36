/**
 * The sandbox's view of the plan catalogue: flows/plans.json and the variants, read through the same
 * module as the client (screens/flowData.ts) and priced by the same function as the paywall
 * (planPricing), so the sandbox charges what the page shows.
 */
import { getVariant } from '../../../engine/core/flowGraph.ts';
import { planPricing } from '../../../engine/core/pricing.ts';
import { funnelData } from '../../../screens/flowData.ts';
import { planDiscounts } from '../../../screens/product/discounts.ts';

const { plans } = funnelData;

/** The upsell product's plan name. */
export const UPSELL_PLAN = plans.upsell.name;

/** True for a catalogue plan or the upsell product. */
export function knownPlan(plan: string): boolean {
  return plan === UPSELL_PLAN || Object.hasOwn(plans.plans, plan);
}

/**
 * What the portal charges today for a known plan: the plan's price (a trial plan: the trial's price).
 * The regular price is the plan's price, or, on a variant with the discount label, the regular price
 * the paywall strikes through (the same-length plan of the landing at "/", screens/product/discounts.ts).
 */
export function catalogPrices(plan: string, landingType: string): { price_with_discount: number; regular_price: number } {
  if (plan === UPSELL_PLAN) return { price_with_discount: plans.upsell.price, regular_price: plans.upsell.price };
  const chosen = plans.plans[plan]!;
  const pricing = planPricing(chosen);
  const labelled = getVariant(funnelData.landings, landingType)?.paywall?.discountLabel === true;
  const discount = labelled ? planDiscounts([chosen], funnelData.landings, plans).get(plan) : undefined;
  return { price_with_discount: pricing.dueToday, regular_price: discount?.original ?? pricing.price };
}
