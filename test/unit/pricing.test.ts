import plans from '../../flows/plans.json';
import type { Plan } from '../../engine/index.ts';
import { durationDays, formatDuration, formatMoney, formatPricing, planPricing, roundCents } from '../../engine/index.ts';
import { initialPlan } from '../../screens/paywall/model.ts';

const plan = (name: string): Plan => (plans.plans as Record<string, Plan>)[name]!;

describe('pricing', () => {
  it('counts durations in days (a month is 30 days)', () => {
    expect(durationDays({ count: 6, unit: 'month' })).toBe(180);
    expect(durationDays({ count: 1, unit: 'week' })).toBe(7);
    expect(durationDays({ count: 56, unit: 'day' })).toBe(56);
  });

  it('computes price, period price and the price per day from the catalogue', () => {
    expect(planPricing(plan('gz-6-month-panther'))).toEqual({
      kind: 'plain',
      price: 71.76,
      periodPrice: 71.76,
      dueToday: 71.76,
      firstPeriod: { count: 6, unit: 'month' },
      renewal: 71.76,
      renewalPeriod: { count: 6, unit: 'month' },
      days: 180,
      perPeriod: 0.4,
      perPeriodUnit: 'day',
      trialDays: 0,
    });
    expect(planPricing(plan('gz-3-month-fox')).perPeriod).toBe(0.67); // 59.88 / 90
    expect(planPricing(plan('gz-1-month-tiger')).perPeriod).toBe(1.33); // 39.96 / 30
    expect(planPricing(plan('gz-1-week-red-persik')).perPeriod).toBe(1.71); // 11.99 / 7
    expect(planPricing(plan('gz-28-days-vasyl-stus')).perPeriod).toBe(0);
  });

  it('computes the price per week when asked', () => {
    expect(planPricing(plan('gz-1-month-tychyna'), 'week').perPeriod).toBe(2.79); // 11.97 / 30 * 7
    expect(planPricing(plan('gz-1-week-cucumber'), 'week').perPeriod).toBe(9.99);
  });

  it('reads a free trial: nothing today, the price after the trial', () => {
    const trial = planPricing(plan('gz-monthly-free3d-2999'));
    expect(trial).toMatchObject({ price: 29.99, periodPrice: 0, dueToday: 0, renewal: 29.99, trialDays: 3 });
  });

  it('rounds to cents half up', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(0.3987)).toBe(0.4);
  });

  it('formats USD and durations for the language', () => {
    expect(formatMoney(71.76, 'en', 'USD')).toBe('$71.76');
    expect(formatMoney(71.76, 'de', 'USD')).toBe('71,76\u00a0$');
    expect(formatMoney(0.99, 'fr', 'USD')).toBe('0,99\u00a0$US');
    expect(formatDuration({ count: 3, unit: 'month' }, 'en')).toBe('3 months');
    expect(formatDuration({ count: 1, unit: 'week' }, 'en')).toBe('1 week');
    expect(formatDuration({ count: 3, unit: 'month' }, 'ru')).toBe('3 месяца');
    const text = formatPricing(planPricing(plan('gz-6-month-panther')), plan('gz-6-month-panther').duration, 'en', 'USD');
    expect(text).toEqual({ price: '$71.76', periodPrice: '$71.76', dueToday: '$71.76', renewal: '$71.76', perPeriod: '$0.40', duration: '6 months' });
  });

  it("selects the visitor's earlier choice only when it is one of the variant's plans", () => {
    const names = ['gz-1-week-red-persik', 'gz-1-month-tychyna'];
    expect(initialPlan(names, 'gz-1-month-tychyna', '')).toBe('gz-1-month-tychyna');
    expect(initialPlan(names, 'gz-1-month-tychyna', 'gz-1-week-red-persik')).toBe('gz-1-week-red-persik');
    expect(initialPlan(names, 'gz-1-month-tychyna', 'gz-6-month-panther')).toBe('gz-1-month-tychyna');
    expect(initialPlan(names, 'gone', '')).toBe('gz-1-week-red-persik');
    expect(initialPlan([], 'gone', '')).toBe('');
  });
});
