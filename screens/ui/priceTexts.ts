/**
 * The subscription wording shared by the paywall and the offer: durations, billing cadences and the
 * renewal terms, each number through i18next `count` so every language gets its plural form
 * (locales/*.json `pricing.*`), every amount and date through Intl in the visitor's locale.
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Duration, Plan } from '../../engine/index.ts';
import { formatDate, formatUsd, formattingLocale, planPricing, trialEnd } from '../../engine/index.ts';

/** How the visitor reads amounts and dates. */
export interface LocaleFormat {
  /** The interface language, e.g. `ar`. */
  language: string;
  /** The full locale amounts and dates are formatted in, e.g. `ar-EG`. */
  locale: string;
  rtl: boolean;
  /** A USD amount; inside right-to-left text it is isolated left-to-right (LRI … PDI, as `<bdi dir="ltr">`). */
  money: (amount: number) => string;
  /** A calendar date in the long style. */
  date: (date: Date) => string;
}

const LRI = '\u2066';
const PDI = '\u2069';

/** The visitor's formatting: the browser's full locale for the interface language (engine/core/pricing.ts). */
export function useLocale(): LocaleFormat {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  const locale = formattingLocale(language, browser);
  const rtl = i18n.dir(language) === 'rtl';
  return {
    language,
    locale,
    rtl,
    money: (amount) => (rtl ? `${LRI}${formatUsd(amount, locale)}${PDI}` : formatUsd(amount, locale)),
    date: (date) => formatDate(date, locale),
  };
}

/** "3 months", "1 week", "28 days" in the visitor's language. */
export function durationText(t: TFunction, duration: Duration): string {
  return t(`pricing.duration.${duration.unit}`, { count: duration.count });
}

/** How often a plan bills: "per month" for one unit, else "every 3 months". */
export function cadenceText(t: TFunction, duration: Duration): string {
  return duration.count === 1 ? t(`pricing.per.${duration.unit}`) : t(`pricing.every.${duration.unit}`, { count: duration.count });
}

/** What a trial plan costs today and what follows from when: "Due today $0.00, then $29.99 per month from …". */
export function trialTermsText(t: TFunction, plan: Plan, format: LocaleFormat, now: Date): string {
  const pricing = planPricing(plan);
  return t('pricing.trialTerms', {
    today: format.money(pricing.dueToday),
    price: format.money(pricing.renewal),
    cadence: cadenceText(t, plan.duration),
    date: format.date(trialEnd(now, pricing.trialDays)),
  });
}

/** The auto-renewal terms next to a button that starts a subscription: price, cadence, how to cancel. */
export function renewalTermsText(t: TFunction, plan: Plan, format: LocaleFormat, now: Date): string {
  const pricing = planPricing(plan);
  const terms = { price: format.money(pricing.renewal), cadence: cadenceText(t, plan.duration) };
  return pricing.trialDays > 0 ? t('pricing.renewsAfterTrial', { ...terms, date: format.date(trialEnd(now, pricing.trialDays)) }) : t('pricing.renews', terms);
}
