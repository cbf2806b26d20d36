/**
 * The sandbox's view of the plan catalogue: flows/plans.json and the variants, read through the same
 * module as the client (screens/flowData.ts) and priced by the same function as the paywall
 * (planPricing), in the currency the purchase names (the plan's `prices`, engine/core/currency.ts planIn),
 * so the sandbox charges what the page shows.
 */
import { catalogueIn, chargedCurrency, planIn } from '../../../engine/core/currency.ts';
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

/** The plan (or the upsell) as the catalogue holds it. */
function catalogPlan(plan: string) {
  return plan === UPSELL_PLAN ? plans.upsell : plans.plans[plan]!;
}

/** True when a known plan has prices in the currency (its base, USD, or one of its `prices`). */
export function sellsIn(plan: string, currency: string): boolean {
  return chargedCurrency(catalogPlan(plan), currency) === currency;
}

/**
 * What the portal charges today for a known plan, in a currency it sells in (sellsIn): the plan's price
 * (a trial plan: the trial's price).
 * The regular price is the plan's price, or, on a variant with the discount label, the regular price
 * the paywall strikes through (the same-length plan of the landing at "/", screens/product/discounts.ts).
 */
export function catalogPrices(plan: string, landingType: string, currency: string): { price_with_discount: number; regular_price: number } {
  if (plan === UPSELL_PLAN) {
    const upsell = planIn(plans.upsell, currency);
    return { price_with_discount: upsell.price, regular_price: upsell.price };
  }
  const priced = catalogueIn(plans, currency);
  const chosen = priced.plans[plan]!;
  const pricing = planPricing(chosen);
  const labelled = getVariant(funnelData.landings, landingType)?.paywall?.discountLabel === true;
  const discount = labelled ? planDiscounts([chosen], funnelData.landings, priced).get(plan) : undefined;
  return { price_with_discount: pricing.dueToday, regular_price: discount?.original ?? pricing.price };
}
