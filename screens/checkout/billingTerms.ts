/**
 * The words around a pay button: how often the plan renews at what price, and when a free trial's
 * first charge falls (today + trial days, in the visitor's locale through Intl).
 */
import type { TFunction } from 'i18next';
import { formatDuration, formatUsd, planPricing } from '../../engine/index.ts';
import type { Plan } from '../../engine/index.ts';

const DAY_MS = 86_400_000;

/** "$29.99 per month", "$59.88 every 3 months". */
export function cadenceText(t: TFunction, plan: Plan, price: number, language: string): string {
  const usd = formatUsd(price, language);
  const { count, unit } = plan.duration;
  return count === 1
    ? t(`checkout.cadence.${unit}`, { price: usd })
    : t('checkout.cadence.every', { price: usd, period: formatDuration(plan.duration, language) });
}

/** A date in the visitor's locale, e.g. "November 26, 2026". */
export function formatDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}

/** The day a trial's first charge falls: today plus the trial days. */
export function firstChargeDate(trialDays: number, now = Date.now()): Date {
  return new Date(now + trialDays * DAY_MS);
}

export interface PayTexts {
  /** The pay button's label. */
  cta: string;
  /** For a free trial: "Due today $0.00, then $29.99 per month from <date>." */
  due?: string;
  /** The auto-renewal terms: price, cadence, how to cancel. */
  terms: string;
}

/** The pay button and the terms next to it, for a plan. */
export function payTexts(t: TFunction, plan: Plan, language: string, paidCta: string, now = Date.now()): PayTexts {
  const pricing = planPricing(plan);
  const cadence = cadenceText(t, plan, pricing.renewal, language);
  const terms = t('checkout.terms', { cadence });
  if (pricing.trialDays > 0 && pricing.dueToday === 0) {
    const date = formatDate(firstChargeDate(pricing.trialDays, now), language);
    return { cta: t('checkout.trial.cta'), due: t('checkout.trial.due', { today: formatUsd(0, language), cadence, date }), terms };
  }
  return { cta: paidCta, terms };
}
