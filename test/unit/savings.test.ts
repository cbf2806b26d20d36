/**
 * The "Save N%" of the paywall cards (screens/paywall/savings.ts): a longer plan against the dearest
 * shorter one, per day, and only between regular prices, read from flows/plans.json and flows/landings.json.
 */
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../engine/index.ts';
import { getVariant } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { MIN_SAVING, planSavings } from '../../screens/paywall/savings.ts';

const catalogue = funnelData.plans.plans;
const plan = (name: string): Plan => catalogue[name]!;
const variantPlans = (id: string): Plan[] => getVariant(funnelData.landings, id)!.plans.map(plan);
const monthly = (name: string, price: number, count = 1): Plan => ({
  name,
  price,
  periodPrice: price,
  kind: 'plan',
  productId: `prod_${name}`,
  duration: { count, unit: 'month' },
});

describe('plan savings', () => {
  it('compares each longer plan with the dearest shorter one, per day, rounded down', () => {
    // tiger 39.96 / 30 days, fox 59.88 / 90, panther 71.76 / 180
    const savings = planSavings(variantPlans('fullPrice'));
    expect(savings).toEqual(
      new Map([
        ['gz-3-month-fox', 0.5],
        ['gz-6-month-panther', 0.7],
      ]),
    );
  });

  it('never compares an intro price, a free trial or a first-payment discount with a full price', () => {
    for (const id of ['optionsa', 'optionsb', 'optionsd', 'optionsj', 'intro', 'discount', 'trial', 'family', 'latam']) {
      expect(planSavings(variantPlans(id)), id).toEqual(new Map());
    }
    // the same teaser as a regular price would be a saving: it is the intro that hides it
    const teaser = plan('gz-3-months-intro-banana');
    const asRegular: Plan = { ...teaser, duration: teaser.renewal!.duration, renewal: undefined };
    expect(planSavings([plan('gz-1-month-tiger'), asRegular]).get(teaser.name)).toBeGreaterThan(0.9);
  });

  it('shows no saving between plans of the same length, nor one under the noise floor', () => {
    expect(planSavings([monthly('a', 9.99), monthly('b', 29.99)])).toEqual(new Map());
    // 3 months at 2.9 times the monthly price saves 3%: below MIN_SAVING, not shown
    expect(planSavings([monthly('a', 10), monthly('b', 29, 3)])).toEqual(new Map());
    expect(MIN_SAVING).toBe(0.05);
    expect(planSavings([monthly('a', 10), monthly('b', 27, 3)])).toEqual(new Map([['b', 0.1]]));
  });

  it('follows a price change in the catalogue', () => {
    const cheaperFox = { ...plan('gz-3-month-fox'), price: 35.96, periodPrice: 35.96 };
    expect(planSavings([plan('gz-1-month-tiger'), cheaperFox]).get('gz-3-month-fox')).toBe(0.7);
  });
});
