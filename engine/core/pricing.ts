/**
 * Plan prices as the paywall shows them, computed from flows/plans.json (a plan priced in the visitor's
 * currency by ./currency.ts planIn) and formatted for the visitor's language with Intl. A plan's price story, in the order it is charged:
 * - `trialDays`: a free trial first, `periodPrice` 0 (spec section 3: "29.99 (periodPrice 0, 3-day free trial)");
 * - `price` for one `duration`: the first paid period, charged today without a trial (`periodPrice`);
 * - `renewal`: what every later period costs and how long it lasts, when that differs from the first
 *   payment (an intro price, or a discount on the first payment only); without it the plan renews at
 *   `price` every `duration`.
 */
import type { Duration, Plan } from '../types/plans.gen.ts';

/** The unit of the "per period" price the paywall shows. */
export type PerPeriodUnit = 'day' | 'week';

/** Days per duration unit: a month counts as 30 days, as subscription offers usually do. */
export const DAYS_PER_UNIT: Record<Duration['unit'], number> = { day: 1, week: 7, month: 30 };

/** How a plan's first payment relates to the ones that follow. */
export type PriceStoryKind =
  /** free days first, then `price` every `duration` */
  | 'trial'
  /** the first payment covers a period of its own or costs other than the renewals */
  | 'intro'
  /** the same price every period, from today */
  | 'plain';

export interface PlanPricing {
  kind: PriceStoryKind;
  /** The first paid period (one `duration`). */
  price: number;
  periodPrice: number;
  /** What the visitor pays today: the trial's price for a trial plan, else the price. */
  dueToday: number;
  /** How long today's payment lasts: the trial, else the plan's first period. */
  firstPeriod: Duration;
  /** What the first payment after today costs: the price after a trial, else the renewal price. */
  renewal: number;
  /** How often the plan renews at `renewal`. */
  renewalPeriod: Duration;
  /** The plan's length in days. */
  days: number;
  /** The price per day or per week, rounded to cents. */
  perPeriod: number;
  perPeriodUnit: PerPeriodUnit;
  trialDays: number;
}

/** Rounds to whole cents (half up), avoiding binary float surprises like 1.005. */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/** A duration in days. @example durationDays({ count: 3, unit: 'month' }) // 90 */
export function durationDays(duration: Duration): number {
  return duration.count * DAYS_PER_UNIT[duration.unit];
}

/** Same length, counted in days (1 week equals 7 days). */
function sameLength(a: Duration, b: Duration): boolean {
  return durationDays(a) === durationDays(b);
}

/**
 * True when the first payment differs from the renewals, in price or in length: an intro offer
 * ("$0.99 for the first 3 days, then $39.99 every 3 months") or a discount on the first payment only.
 */
export function isIntro(plan: Plan): boolean {
  return plan.renewal !== undefined && (plan.renewal.price !== plan.price || !sameLength(plan.renewal.duration, plan.duration));
}

/**
 * The numbers the paywall shows for a plan.
 * @example planPricing(plans['gz-6-month-panther']).perPeriod // 0.4 (71.76 / 180 days)
 */
export function planPricing(plan: Plan, unit: PerPeriodUnit = 'day'): PlanPricing {
  const days = durationDays(plan.duration);
  const trialDays = plan.trialDays ?? 0;
  const renewal = plan.renewal ?? { price: plan.price, duration: plan.duration };
  return {
    kind: trialDays > 0 ? 'trial' : isIntro(plan) ? 'intro' : 'plain',
    price: plan.price,
    periodPrice: plan.periodPrice,
    dueToday: trialDays > 0 ? plan.periodPrice : plan.price,
    firstPeriod: trialDays > 0 ? { count: trialDays, unit: 'day' } : plan.duration,
    renewal: trialDays > 0 ? plan.price : renewal.price,
    renewalPeriod: trialDays > 0 ? plan.duration : renewal.duration,
    days,
    perPeriod: roundCents((plan.price / days) * DAYS_PER_UNIT[unit]),
    perPeriodUnit: unit,
    trialDays,
  };
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/**
 * An amount in a currency for a locale: the visitor's full locale where known (`ar-EG` writes Arabic-Indic
 * digits, `ar` Latin ones), else the language; the currency's own minor units (JPY none, KWD three).
 * @example formatMoney(71.76, 'de', 'USD') // "71,76 $"
 * @example formatMoney(1480, 'ja', 'JPY') // "￥1,480"
 */
export function formatMoney(amount: number, language: string, currency: string): string {
  return formatter(`money:${currency}:${language}`, () => new Intl.NumberFormat(language, { style: 'currency', currency })).format(amount);
}

/** Languages that write a count and its counter word as one (3か月, 1週間): CLDR's unit pattern puts a space between. */
const COUNTER_LANGUAGES = /^ja(?:-|$)/i;

/**
 * A duration in words, in the visitor's language, written the way its own texts write it.
 * @example formatDuration({ count: 3, unit: 'month' }, 'en') // "3 months"
 * @example formatDuration({ count: 3, unit: 'month' }, 'ja') // "3か月"
 */
export function formatDuration(duration: Duration, language: string): string {
  const text = formatter(
    `unit:${duration.unit}:${language}`,
    () => new Intl.NumberFormat(language, { style: 'unit', unit: duration.unit, unitDisplay: 'long' }),
  ).format(duration.count);
  return COUNTER_LANGUAGES.test(language) ? text.replace(/(\d)\s+/u, '$1') : text;
}

export interface FormattedPricing {
  price: string;
  periodPrice: string;
  dueToday: string;
  renewal: string;
  perPeriod: string;
  duration: string;
}

/** planPricing with every amount formatted for a language, in the currency the plan is priced in. */
export function formatPricing(pricing: PlanPricing, duration: Duration, language: string, currency: string): FormattedPricing {
  const money = (amount: number): string => formatMoney(amount, language, currency);
  return {
    price: money(pricing.price),
    periodPrice: money(pricing.periodPrice),
    dueToday: money(pricing.dueToday),
    renewal: money(pricing.renewal),
    perPeriod: money(pricing.perPeriod),
    duration: formatDuration(duration, language),
  };
}

/**
 * A locale that writes its digits in Latin script (0-9). Every file of locales/ writes its numbers that
 * way ("1/3", "خطة 3 أشهر", counts interpolated as written) and Chromium's Intl gives plain `ar` Latin
 * digits too, but `ar-EG` or `ar-SA` would switch Intl alone to Arabic-Indic ones (٥٩٫٨٨), two scripts
 * on one screen. One choice for the whole funnel: Latin digits, in every language.
 * @example latinDigits('ar-EG') // 'ar-EG-u-nu-latn'
 */
export function latinDigits(locale: string): string {
  // asked on every price a screen formats: building a formatter to ask is slow on a phone, so once per tag
  let latin = latinLocales.get(locale);
  if (latin === undefined) {
    latin = latinDigitsOf(locale);
    latinLocales.set(locale, latin);
  }
  return latin;
}

const latinLocales = new Map<string, string>();

function latinDigitsOf(locale: string): string {
  try {
    // most locales already write Latin digits: their tag is kept as it is
    if (new Intl.NumberFormat(locale).resolvedOptions().numberingSystem === 'latn') return locale;
    return new Intl.Locale(locale, { numberingSystem: 'latn' }).toString();
  } catch {
    return locale;
  }
}

/**
 * The locale to format numbers, prices and dates in: the first of the browser's locales that speaks the
 * interface language (`ar-EG` for Arabic), else the language itself, always with Latin digits.
 * @example formattingLocale('pt', ['en-US', 'pt-BR']) // 'pt-BR'
 * @example formattingLocale('ar', ['ar-EG']) // 'ar-EG-u-nu-latn'
 */
export function formattingLocale(language: string, browserLocales: readonly string[] = currentBrowserLocales()): string {
  const base = language.toLowerCase();
  for (const code of browserLocales) {
    if (code.toLowerCase().split(/[-_]/)[0] !== base) continue;
    try {
      return latinDigits(Intl.getCanonicalLocales(code)[0] ?? language);
    } catch {
      // a malformed browser locale: keep looking
    }
  }
  return latinDigits(language);
}

/** The browser's preferred locales (none outside a browser). */
export function currentBrowserLocales(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** A calendar date in a locale's long style. @example formatDate(new Date(2026, 10, 26), 'en') // "November 26, 2026" */
export function formatDate(date: Date, locale: string): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** When a free trial that starts at `now` ends and the first payment is due. */
export function trialEnd(now: Date, trialDays: number): Date {
  const end = new Date(now);
  end.setDate(end.getDate() + trialDays);
  return end;
}

/**
 * When a period that starts at `start` ends: months by the calendar (a subscription renews on the same
 * day of the month), days and weeks by days. @example periodEnd(new Date(2026, 10, 25), { count: 3, unit: 'day' }) // Nov 28
 */
export function periodEnd(start: Date, duration: Duration): Date {
  const end = new Date(start);
  if (duration.unit === 'month') {
    end.setMonth(end.getMonth() + duration.count);
    // January 31 plus a month is the last day of February, not March 3
    if (end.getDate() !== start.getDate()) end.setDate(0);
  } else end.setDate(end.getDate() + duration.count * DAYS_PER_UNIT[duration.unit]);
  return end;
}

/** A fraction as a percentage for a locale. @example formatPercent(0.5, 'de') // "50 %" */
export function formatPercent(fraction: number, locale: string): string {
  return formatter(`pct:${locale}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })).format(fraction);
}

/**
 * What is wrong with the per-day ladder of a set of plans shown side by side: a longer plan must cost
 * less per day than a shorter one and never less in total, and no two plans may show the same price
 * per day (as rounded to cents). Empty when the ladder makes sense. An intro period of its own length
 * ("the first 3 days") is a teaser, not a rung, and is left out.
 */
export function ladderIssues(plans: readonly Plan[]): string[] {
  const issues: string[] = [];
  const rungs = plans.filter((plan) => !plan.renewal || sameLength(plan.renewal.duration, plan.duration));
  const rows = rungs.map((plan) => ({ plan, days: durationDays(plan.duration), perDay: planPricing(plan).perPeriod }));
  rows.forEach((a, i) => {
    rows.slice(i + 1).forEach((b) => {
      if (a.perDay === b.perDay) issues.push(`${a.plan.name} and ${b.plan.name} both cost ${a.perDay} per day`);
      const [shorter, longer] = a.days <= b.days ? [a, b] : [b, a];
      if (longer.days === shorter.days) return;
      if (longer.perDay > shorter.perDay) issues.push(`${longer.plan.name} costs more per day than the shorter ${shorter.plan.name}`);
      if (longer.plan.price < shorter.plan.price) issues.push(`${shorter.plan.name} costs more in total than the longer ${longer.plan.name}`);
    });
  });
  return issues;
}
