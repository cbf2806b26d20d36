import landingsJson from '../../flows/landings.json';
import plansJson from '../../flows/plans.json';
import type { Landings, Variant } from '../../engine/index.ts';
import type { Plans } from '../../engine/index.ts';
import { offerPlan } from '../../screens/offer/model.ts';

const landings = landingsJson as unknown as Landings;
const plans = plansJson as unknown as Plans;

describe('offer plan', () => {
  it("sells the family variant's default plan: the 3-day free trial, then $29.99 a month", () => {
    const plan = offerPlan(landings, plans, 'family', 'family');
    expect(plan).toMatchObject({ name: 'gz-monthly-free3d-2999', price: 29.99, periodPrice: 0, trialDays: 3, duration: { count: 1, unit: 'month' } });
  });

  it('falls back to the variant that opens the flow when the visitor came from another landing', () => {
    expect(offerPlan(landings, plans, 'fullPrice', 'family')?.name).toBe('gz-monthly-free3d-2999');
    expect(offerPlan(landings, plans, 'no-such-variant', 'family')?.name).toBe('gz-monthly-free3d-2999');
  });

  it("uses the recorded variant's own default plan for its own flow, and nothing for an unknown flow", () => {
    expect(offerPlan(landings, plans, 'trial', 'main')?.name).toBe('gz-monthly-free3d-2999');
    expect(offerPlan(landings, plans, 'discount', 'main')?.name).toBe('gz-1-month-tomato');
    expect(offerPlan(landings, plans, 'family', 'nope')).toBeUndefined();
  });

  it("takes the variant's first known plan when its default is missing from the catalogue", () => {
    const family = landings.family as Variant;
    const broken = { ...landings, family: { ...family, defaultPlan: 'gone' } } as Landings;
    expect(offerPlan(broken, plans, 'family', 'family')?.name).toBe('gz-monthly-free3d-2999');
  });
});
