/**
 * Every sentence that names a price, a period or a renewal, generated from the plan (flows/plans.json,
 * read through planPricing): the paywall, the offer, the checkout, the wallet sheets, the success page
 * and the upsell all take their price words from here, so no two screens can word the terms apart and
 * no translation ever types an amount (the validator's `typed-amount` rule). Each count goes through
 * i18next `count` so every language gets its plural form (locales/*.json `pricing.*`), every amount
 * and date through Intl in the visitor's locale, every amount in the visitor's currency (the plan handed
 * in is already priced in it: useCatalogue, engine/core/currency.ts).
 */
import { useMemo } from 'react';
import { textDirection, useCatalogue, useTexts } from '../../engine/react/index.ts';
import type { TranslateFn } from '../../engine/react/index.ts';
import type { Duration, Plan } from '../../engine/index.ts';
import { BASE_CURRENCY, formatDate, formatMoney, formatPercent, formattingLocale, periodEnd, planPricing } from '../../engine/index.ts';
import type { Discount } from '../product/discounts.ts';

/** How the visitor reads amounts and dates. */
export interface LocaleFormat {
  /** The interface language, e.g. `ar`. */
  language: string;
  /** The full locale amounts and dates are formatted in, e.g. `ar-EG`. */
  locale: string;
  rtl: boolean;
  /** The ISO 4217 currency every amount is in: the visitor's (the catalogue's prices are in it, useCatalogue). */
  currency: string;
  /** An amount in `currency`; inside right-to-left text it is isolated left-to-right (LRI … PDI, as `<bdi dir="ltr">`). */
  money: (amount: number) => string;
  /** A calendar date in the long style. */
  date: (date: Date) => string;
}

const LRI = '\u2066';
const PDI = '\u2069';

/** The formatting of a language in a locale (`ar` read in `ar-EG`) and a currency, for screens and for pages made in Node. */
export function localeFormat(language: string, locale: string, rtl: boolean, currency: string = BASE_CURRENCY): LocaleFormat {
  return {
    language,
    locale,
    rtl,
    currency,
    money: (amount) => (rtl ? `${LRI}${formatMoney(amount, locale, currency)}${PDI}` : formatMoney(amount, locale, currency)),
    date: (date) => formatDate(date, locale),
  };
}

/**
 * Builds the visitor's money and date formats ahead, from a price screen's `prefetch` while the step
 * before it is read: the page's first date format loads the locale's calendar data, a long task on a
 * phone that would otherwise fall in the tap that opens the screen (engine/core/pricing.ts keeps them).
 */
export function prepareLocaleFormat(language: string = document.documentElement.lang || 'en'): void {
  const format = localeFormat(language, formattingLocale(language), false);
  format.money(0);
  format.date(new Date());
}

/** The visitor's formatting: the browser's full locale for the interface language (engine/core/pricing.ts), in the visitor's currency. */
export function useLocale(): LocaleFormat {
  const { language } = useTexts();
  const { currency } = useCatalogue();
  // one object per language and currency: a memoised part that takes it (the checkout's order summary) is not rendered again
  return useMemo(() => localeFormat(language, formattingLocale(language), textDirection(language) === 'rtl', currency), [language, currency]);
}

/**
 * A sentence with a date in it, with one full stop where the date ends it: a Russian or Ukrainian
 * long date ends in an abbreviation ("28 ноября 2026 г."), and the sentence's own stop after it
 * would read "г..". An ellipsis ("...") is left alone.
 */
export function oneStop(sentence: string): string {
  return sentence.replace(/(?<!\.)\.\.(?!\.)/g, '.');
}

/** "3 months", "1 week", "28 days" in the visitor's language. */
export function durationText(t: TranslateFn, duration: Duration): string {
  return t(`pricing.duration.${duration.unit}`, { count: duration.count });
}

/** "the first 3 days", "the first month": how long an intro price lasts (one unit without a number, as cadences are). */
export function firstPeriodText(t: TranslateFn, duration: Duration): string {
  return duration.count === 1 ? t(`pricing.firstOne.${duration.unit}`) : t(`pricing.first.${duration.unit}`, { count: duration.count });
}

/** How often a plan bills: "per month" for one unit, else "every 3 months". */
export function cadenceText(t: TranslateFn, duration: Duration): string {
  return duration.count === 1 ? t(`pricing.per.${duration.unit}`) : t(`pricing.every.${duration.unit}`, { count: duration.count });
}

/** An amount and how often it is billed: "$29.99 per month", "$59.88 every 3 months". */
export function billingText(t: TranslateFn, price: number, period: Duration, format: LocaleFormat): string {
  return t('pricing.billing', { price: format.money(price), cadence: cadenceText(t, period) });
}

/** The short form for buttons and small labels: "$9.99/month" for one unit, else "$59.88 every 3 months". */
export function shortBillingText(t: TranslateFn, price: number, period: Duration, format: LocaleFormat): string {
  return period.count === 1 ? t(`pricing.slash.${period.unit}`, { price: format.money(price) }) : billingText(t, price, period, format);
}

/** What the plan bills from its first renewal on (after the trial for a trial plan): "$39.99 every 3 months". */
export function renewalBillingText(t: TranslateFn, plan: Plan, format: LocaleFormat): string {
  const pricing = planPricing(plan);
  return billingText(t, pricing.renewal, pricing.renewalPeriod, format);
}

/** What a trial plan costs today and what follows from when: "Due today $0.00, then $29.99 per month from …". */
export function trialTermsText(t: TranslateFn, plan: Plan, format: LocaleFormat, now: Date): string {
  const pricing = planPricing(plan);
  return oneStop(
    t('pricing.trialTerms', {
      today: format.money(pricing.dueToday),
      price: format.money(pricing.renewal),
      cadence: cadenceText(t, pricing.renewalPeriod),
      date: format.date(periodEnd(now, pricing.firstPeriod)),
    }),
  );
}

/**
 * The plan's price story in one line, as a plan card and an order summary show it:
 * plain "$59.88 for 3 months"; intro "$0.99 for the first 3 days, then $39.99 every 3 months";
 * trial "Due today $0.00, then $29.99 per month from November 28, 2026.".
 */
export function planPriceText(t: TranslateFn, plan: Plan, format: LocaleFormat, now: Date): string {
  const pricing = planPricing(plan);
  if (pricing.kind === 'trial') return trialTermsText(t, plan, format, now);
  if (pricing.kind === 'intro') {
    return t('pricing.introTerms', {
      price: format.money(pricing.dueToday),
      first: firstPeriodText(t, pricing.firstPeriod),
      then: renewalBillingText(t, plan, format),
    });
  }
  return t('paywall.priceFor', { price: format.money(pricing.price), duration: durationText(t, plan.duration) });
}

/**
 * The recurring terms a wallet sheet (Apple Pay, Google Pay) lists beside today's amount: the renewal
 * for a plain plan ("$59.88 every 3 months"), the whole story for an intro or a trial.
 */
export function recurringText(t: TranslateFn, plan: Plan, format: LocaleFormat, now: Date): string {
  return planPricing(plan).kind === 'plain' ? renewalBillingText(t, plan, format) : planPriceText(t, plan, format, now);
}

/** The one cancellation sentence of the funnel. */
export function cancelText(t: TranslateFn): string {
  return t('pricing.cancel');
}

/**
 * The auto-renewal terms next to a button that starts a subscription: what it renews at, how often,
 * from when, and how to cancel (the one cancellation sentence).
 */
export function renewalTermsText(t: TranslateFn, plan: Plan, format: LocaleFormat, now: Date): string {
  const pricing = planPricing(plan);
  const terms = { price: format.money(pricing.renewal), cadence: cadenceText(t, pricing.renewalPeriod) };
  const renews =
    pricing.kind === 'trial'
      ? oneStop(t('pricing.renewsAfterTrial', { ...terms, date: format.date(periodEnd(now, pricing.firstPeriod)) }))
      : pricing.kind === 'intro'
        ? t('pricing.renewsAfterIntro', terms)
        : t('pricing.renews', terms);
  return t('pricing.termsAndCancel', { terms: renews, cancel: cancelText(t) });
}

/**
 * Whether a discount holds beyond the first payment, as the plan data says: "50% off your first
 * payment, then $39.96 per month." for a plan that renews at another price, "50% off every payment,
 * renewals included." for one that renews at its discounted price.
 */
export function discountText(t: TranslateFn, plan: Plan, discount: Discount, format: LocaleFormat): string {
  const percent = formatPercent(discount.fraction, format.locale);
  return planPricing(plan).kind === 'intro'
    ? t('pricing.discountFirst', { percent, then: renewalBillingText(t, plan, format) })
    : t('pricing.discountRecurs', { percent });
}

/**
 * What the next payment after today is and when it falls, for a receipt: "Renews automatically at
 * $39.99 every 3 months from February 25, 2027." (after a trial, the trial's end).
 */
export function nextPaymentText(t: TranslateFn, plan: Plan, format: LocaleFormat, start: Date): string {
  const pricing = planPricing(plan);
  return oneStop(
    t('pricing.renewsOn', {
      price: format.money(pricing.renewal),
      cadence: cadenceText(t, pricing.renewalPeriod),
      date: format.date(periodEnd(start, pricing.firstPeriod)),
    }),
  );
}

/** A trial's receipt: "Your first payment of $29.99 is on November 28, 2026." */
export function firstChargeText(t: TranslateFn, plan: Plan, format: LocaleFormat, start: Date): string {
  const pricing = planPricing(plan);
  return oneStop(t('success.firstCharge', { price: format.money(pricing.renewal), date: format.date(periodEnd(start, pricing.firstPeriod)) }));
}

/** The words around a pay button. */
export interface PayTexts {
  /** The pay button's label. */
  cta: string;
  /** For a free trial: "Due today $0.00, then $29.99 per month from <date>." */
  due?: string;
  /** The auto-renewal terms: price, cadence, how to cancel. */
  terms: string;
}

/** The pay button and the terms next to it, for a plan; `paidCta` is the label of a paid plan's button. */
export function payTexts(t: TranslateFn, plan: Plan, format: LocaleFormat, paidCta: string, now = new Date()): PayTexts {
  const pricing = planPricing(plan);
  const terms = renewalTermsText(t, plan, format, now);
  if (pricing.kind === 'trial' && pricing.dueToday === 0) return { cta: t('checkout.trial.cta'), due: trialTermsText(t, plan, format, now), terms };
  return { cta: paidCta, terms };
}

/** The upsell's price words: "$9.99/month" from its plan data, and the way it is charged. */
export function upsellPriceTexts(t: TranslateFn, product: Plan, format: LocaleFormat, trial?: UpsellAfterTrial): { price: string; chargedTo: string } {
  const pricing = planPricing(product);
  // after a $0 trial nothing was "just used" to pay: the add-on is charged today, the plan stays free until its trial ends
  const chargedTo = trial
    ? t('upsell.chargedToTrial', { date: format.date(trial.today), trialEnd: format.date(periodEnd(trial.start, planPricing(trial.plan).firstPeriod)) })
    : t('upsell.chargedTo');
  return { price: shortBillingText(t, pricing.dueToday, pricing.renewalPeriod, format), chargedTo };
}

/** The upsell offered after a free trial started: the trial's plan, when it started, and the day the add-on would be bought. */
export interface UpsellAfterTrial {
  plan: Plan;
  start: Date;
  today: Date;
}
