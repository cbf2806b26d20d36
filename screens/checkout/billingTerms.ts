/**
 * The words around a pay button: how often the plan renews at what price, and when a free trial's
 * first charge falls (today + trial days). Amounts and dates go through the visitor's LocaleFormat
 * (screens/ui/priceTexts.ts): the full locale, and amounts kept left to right in right-to-left text.
 */
import type { TFunction } from 'i18next';
import { formatDuration, planPricing, trialEnd } from '../../engine/index.ts';
import type { Plan } from '../../engine/index.ts';
import type { LocaleFormat } from '../ui/priceTexts.ts';

/** "$29.99 per month", "$59.88 every 3 months". */
export function cadenceText(t: TFunction, plan: Plan, price: number, format: LocaleFormat): string {
  const amount = format.money(price);
  const { count, unit } = plan.duration;
  return count === 1
    ? t(`checkout.cadence.${unit}`, { price: amount })
    : t('checkout.cadence.every', { price: amount, period: formatDuration(plan.duration, format.locale) });
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
export function payTexts(t: TFunction, plan: Plan, format: LocaleFormat, paidCta: string, now = new Date()): PayTexts {
  const pricing = planPricing(plan);
  const cadence = cadenceText(t, plan, pricing.renewal, format);
  const terms = t('checkout.terms', { cadence });
  if (pricing.trialDays > 0 && pricing.dueToday === 0) {
    const date = format.date(trialEnd(now, pricing.trialDays));
    return { cta: t('checkout.trial.cta'), due: t('checkout.trial.due', { today: format.money(0), cadence, date }), terms };
  }
  return { cta: paidCta, terms };
}
