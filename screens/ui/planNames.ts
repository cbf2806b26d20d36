/**
 * The names of plans and the guarantee sentence, made from the data like every price sentence
 * (./priceTexts.ts): no translation types a period count ("3-month plan"), so a name can never say
 * another length than the plan renews at (the validator's `typed-period` rule). A plan's `kind`
 * (flows/plans.json) says what the name is made of; its period is the one it renews at (an intro
 * offer's, the intro's own length); the count
 * picks the plural form (locales/*.json `plans.name.*`) and is written in the visitor's digits.
 */
import type { Duration, Plan } from '../../engine/index.ts';
import { planPricing } from '../../engine/index.ts';
import type { LocaleFormat } from './priceTexts.ts';
import type { TranslateFn } from '../../engine/react/index.ts';

const counts = new Map<string, Intl.NumberFormat>();

/** A count in the locale's digits: "3" in `ar`, "٣" in `ar-EG`, as the amounts beside it are written. */
export function formatCount(count: number, locale: string): string {
  let format = counts.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    counts.set(locale, format);
  }
  return format.format(count);
}

/**
 * A plural text: `count` picks the form, and `{{count}}` is filled with the count in the locale's
 * digits (i18next's `replace` fills the placeholders, `count` still selects the form).
 */
export function countedText(t: TranslateFn, key: string, count: number, format: LocaleFormat): string {
  return t(key, { count, replace: { count: formatCount(count, format.locale) } });
}

/**
 * How long the period a plan is named by lasts: the one it renews at ("3-month plan"), except an intro
 * offer, which is named by how long the intro lasts (a 3-day intro of a 3-month plan is a "3-day intro
 * offer", as its price sentence says "for the first 3 days").
 */
export function namingPeriod(plan: Plan): Duration {
  const pricing = planPricing(plan);
  return plan.kind === 'intro' ? pricing.firstPeriod : pricing.renewalPeriod;
}

const sameDuration = (a: Duration, b: Duration): boolean => a.count === b.count && a.unit === b.unit;

/**
 * What the visitor calls a plan: "3-month plan", "28-day plan", "1-month intro offer",
 * "1-month plan with a free trial", or an add-on's product name ("Driver SOS add-on"). An intro offer
 * shorter than the period it renews at names both ("3-month plan · 3-day intro offer"), so two intro
 * offers of one length that renew differently (the `/intro` paywall) never share a name.
 */
export function planNameText(t: TranslateFn, plan: Plan, format: LocaleFormat): string {
  // the validator refuses an add-on without productName (plan-kind-mismatch); the id is only what a broken catalogue would show
  if (plan.kind === 'addon') return plan.productName ? t(plan.productName) : plan.name;
  const period = namingPeriod(plan);
  const name = countedText(t, `plans.name.${plan.kind}.${period.unit}`, period.count, format);
  const renewal = planPricing(plan).renewalPeriod;
  if (plan.kind !== 'intro' || sameDuration(period, renewal)) return name;
  return t('plans.name.introOf', { plan: countedText(t, `plans.name.plan.${renewal.unit}`, renewal.count, format), intro: name });
}

/** The money-back guarantee of a variant: "30-day money-back guarantee". */
export function moneyBackText(t: TranslateFn, days: number, format: LocaleFormat): string {
  return countedText(t, 'paywall.moneyBack', days, format);
}
