import plans from '../../flows/plans.json';
import landings from '../../flows/landings.json';
import type { Plan } from '../../engine/types/plans.gen.ts';
import { formatUsd, offerTerms } from '../../engine/core/offerTerms.ts';

const catalogue = plans.plans as Record<string, Plan>;

describe('offer terms', () => {
  it('reads the family variant plan: 3-day free trial, nothing today, then $29.99 per month', () => {
    const plan = catalogue[landings.family.defaultPlan]!;
    expect(offerTerms(plan)).toEqual({
      plan: 'gz-monthly-free3d-2999',
      trialDays: 3,
      dueToday: 0,
      price: 29.99,
      perUnit: 'month',
      description: 'plans.description.month1',
    });
  });

  it('charges the price today for a plan without trial; longer periods have no single unit', () => {
    expect(offerTerms(catalogue['gz-3-month-fox']!)).toMatchObject({ trialDays: 0, dueToday: 59.88, price: 59.88, perUnit: undefined });
    expect(offerTerms(catalogue['gz-1-week-cucumber']!)).toMatchObject({ perUnit: 'week', dueToday: 9.99 });
  });

  it('formats USD in the visitor language', () => {
    expect(formatUsd(29.99, 'en')).toBe('$29.99');
    expect(formatUsd(29.99, 'de')).toBe('29,99\u00a0$');
    expect(formatUsd(0, 'en')).toBe('$0.00');
    expect(formatUsd(29.99, '??')).toBe('$29.99');
  });
});
