/** The sandbox charges what the paywall shows: it reads the catalogue through screens/flowData.ts. */
import { catalogueIn, getVariant, offeredCurrencies, variantIds } from '../../engine/index.ts';
import { planPricing } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { planDiscounts } from '../../screens/product/discounts.ts';
import { catalogPrices, knownPlan, sellsIn, UPSELL_PLAN } from '../../scripts/server/sandbox/plans.ts';

describe('sandbox plan catalogue', () => {
  it('knows every plan of the catalogue and the upsell, and nothing else', () => {
    for (const name of Object.keys(funnelData.plans.plans)) expect(knownPlan(name)).toBe(true);
    expect(UPSELL_PLAN).toBe(funnelData.plans.upsell.name);
    expect(knownPlan(UPSELL_PLAN)).toBe(true);
    expect(knownPlan('gz-1-month-nope')).toBe(false);
    expect(knownPlan('toString')).toBe(false);
  });

  it("charges today what each variant's paywall shows as due today, in every currency the catalogue offers", () => {
    for (const currency of offeredCurrencies(funnelData.plans)) {
      const priced = catalogueIn(funnelData.plans, currency);
      for (const id of variantIds(funnelData.landings)) {
        const variant = getVariant(funnelData.landings, id)!;
        for (const name of variant.plans) {
          expect(sellsIn(name, currency)).toBe(true);
          const pricing = planPricing(priced.plans[name]!);
          const charged = catalogPrices(name, id, currency);
          expect(charged.price_with_discount).toBe(pricing.dueToday);
          const struck = variant.paywall.discountLabel ? planDiscounts([priced.plans[name]!], funnelData.landings, priced).get(name) : undefined;
          expect(charged.regular_price).toBe(struck?.original ?? pricing.price);
        }
      }
      expect(catalogPrices(UPSELL_PLAN, 'fullPrice', currency).price_with_discount).toBe(priced.upsell.price);
    }
  });

  it('sells in no currency the catalogue has no price in', () => {
    expect(sellsIn(UPSELL_PLAN, 'XTS')).toBe(false);
    expect(sellsIn(UPSELL_PLAN, 'USD')).toBe(true);
  });

  it('names the regular price the paywall strikes through, so the success page saves what the paywall said', () => {
    // tomato is half the regular 1-month plan; garlic is 40% under the regular 3-month plan, not 50%
    expect(catalogPrices('gz-1-month-tomato', 'discount', 'USD')).toEqual({ price_with_discount: 19.96, regular_price: 39.96 });
    expect(catalogPrices('gz-3-month-garlic', 'discount', 'USD')).toEqual({ price_with_discount: 35.88, regular_price: 59.88 });
    expect(catalogPrices('gz-1-month-tomato', 'optionsj', 'USD')).toEqual({ price_with_discount: 19.96, regular_price: 19.96 });
  });

  it('charges the trial price today for a trial plan and the upsell at its price', () => {
    expect(catalogPrices('gz-monthly-free3d-2999', 'trial', 'USD').price_with_discount).toBe(funnelData.plans.plans['gz-monthly-free3d-2999']!.periodPrice);
    expect(catalogPrices(UPSELL_PLAN, 'fullPrice', 'USD')).toEqual({
      price_with_discount: funnelData.plans.upsell.price,
      regular_price: funnelData.plans.upsell.price,
    });
  });
});
