/** The sandbox charges what the paywall shows: it reads the catalogue through screens/flowData.ts. */
import { getVariant, variantIds } from '../../engine/index.ts';
import { planPricing } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { planDiscounts } from '../../screens/product/discounts.ts';
import { catalogPrices, knownPlan, UPSELL_PLAN } from '../../scripts/server/sandbox/plans.ts';

describe('sandbox plan catalogue', () => {
  it('knows every plan of the catalogue and the upsell, and nothing else', () => {
    for (const name of Object.keys(funnelData.plans.plans)) expect(knownPlan(name)).toBe(true);
    expect(UPSELL_PLAN).toBe(funnelData.plans.upsell.name);
    expect(knownPlan(UPSELL_PLAN)).toBe(true);
    expect(knownPlan('gz-1-month-nope')).toBe(false);
    expect(knownPlan('toString')).toBe(false);
  });

  it("charges today what each variant's paywall shows as due today", () => {
    for (const id of variantIds(funnelData.landings)) {
      const variant = getVariant(funnelData.landings, id)!;
      for (const name of variant.plans) {
        const pricing = planPricing(funnelData.plans.plans[name]!);
        const charged = catalogPrices(name, id);
        expect(charged.price_with_discount).toBe(pricing.dueToday);
        const struck = variant.paywall.discountLabel
          ? planDiscounts([funnelData.plans.plans[name]!], funnelData.landings, funnelData.plans).get(name)
          : undefined;
        expect(charged.regular_price).toBe(struck?.original ?? pricing.price);
      }
    }
  });

  it('names the regular price the paywall strikes through, so the success page saves what the paywall said', () => {
    // tomato is half the regular 1-month plan; garlic is 40% under the regular 3-month plan, not 50%
    expect(catalogPrices('gz-1-month-tomato', 'discount')).toEqual({ price_with_discount: 19.96, regular_price: 39.96 });
    expect(catalogPrices('gz-3-month-garlic', 'discount')).toEqual({ price_with_discount: 35.88, regular_price: 59.88 });
    expect(catalogPrices('gz-1-month-tomato', 'optionsj')).toEqual({ price_with_discount: 19.96, regular_price: 19.96 });
  });

  it('charges the trial price today for a trial plan and the upsell at its price', () => {
    expect(catalogPrices('gz-monthly-free3d-2999', 'trial').price_with_discount).toBe(funnelData.plans.plans['gz-monthly-free3d-2999']!.periodPrice);
    expect(catalogPrices(UPSELL_PLAN, 'fullPrice')).toEqual({
      price_with_discount: funnelData.plans.upsell.price,
      regular_price: funnelData.plans.upsell.price,
    });
  });
});
