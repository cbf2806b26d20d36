/**
 * The terms the offer screen states, derived from the plan catalogue (no React): the free trial days,
 * what is due today and the regular price per period, so the texts never disagree with the plan that
 * checkout charges.
 */
import type { Plan } from '../types/plans.gen.ts';

/** The offer's numbers, ready for the texts. */
export interface OfferTerms {
  plan: string;
  /** 0 when the plan has no free trial. */
  trialDays: number;
  /** What is charged today (0 during a free trial). */
  dueToday: number;
  /** The regular price, charged after the trial for each period. */
  price: number;
  /** The billing period: "month" for a 1-month plan; undefined for longer periods (see description). */
  perUnit?: Plan['duration']['unit'];
  /** The plan's description key (e.g. "3-month plan"), for periods other than a single unit. */
  description: string;
}

/**
 * The offer terms of a plan.
 * @example offerTerms(plans['gz-monthly-free3d-2999']) // { trialDays: 3, dueToday: 0, price: 29.99, perUnit: 'month', ... }
 */
export function offerTerms(plan: Plan): OfferTerms {
  const trialDays = plan.trialDays ?? 0;
  return {
    plan: plan.name,
    trialDays,
    dueToday: trialDays > 0 ? plan.periodPrice : plan.price,
    price: plan.price,
    perUnit: plan.duration.count === 1 ? plan.duration.unit : undefined,
    description: plan.description,
  };
}

/**
 * A USD amount in the visitor's language.
 * @example formatUsd(29.99, 'en') // '$29.99'; formatUsd(29.99, 'de') // '29,99 $'
 */
export function formatUsd(amount: number, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(amount);
  } catch {
    return `$${amount.toFixed(2)}`;
  }
}
