/** The sandbox charges what the paywall shows: it reads the catalogue through screens/flowData.ts. */
import { getVariant, variantIds } from '../../engine/index.ts';
import { planPricing } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
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
        expect(charged.regular_price).toBeCloseTo(variant.paywall.discountLabel ? pricing.price * 2 : pricing.price, 2);
      }
    }
  });

  it('charges the trial price today for a trial plan and the upsell at its price', () => {
    expect(catalogPrices('gz-monthly-free3d-2999', 'trial').price_with_discount).toBe(funnelData.plans.plans['gz-monthly-free3d-2999']!.periodPrice);
    expect(catalogPrices(UPSELL_PLAN, 'fullPrice')).toEqual({
      price_with_discount: funnelData.plans.upsell.price,
      regular_price: funnelData.plans.upsell.price,
    });
  });
});
