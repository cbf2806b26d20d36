/**
 * The currency a visitor pays in and the catalogue priced in it. flows/plans.json keeps its base
 * prices in USD and may carry, per plan, `prices` in other currencies (the same price story, amount
 * for amount); the validator requires a currency written on one plan to be written on every plan and
 * the upsell, so "the catalogue offers EUR" is one question, answered by the upsell's `prices`.
 * Pricing (planPricing, the price texts) works on a plan priced in one currency and never sees `prices`.
 */
import type { Plan, Plans } from '../types/plans.gen.ts';

/** The currency of the base prices (`price`, `periodPrice`, `renewal.price`). */
export const BASE_CURRENCY = 'USD';

/**
 * How many decimals a currency's amounts have (ISO 4217 minor units, from the runtime's CLDR data).
 * @example currencyDigits('JPY') // 0
 * @example currencyDigits('KWD') // 3
 */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount in the currency's smallest unit, as payment APIs take it (Stripe: cents, but yen as they are).
 * @example toMinorUnits(9.99, 'EUR') // 999
 * @example toMinorUnits(1480, 'JPY') // 1480
 */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyDigits(currency));
}

/** An amount from the currency's smallest unit. @example fromMinorUnits(999, 'EUR') // 9.99 */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** The currencies the catalogue sells in: the base and every one the upsell (so every plan) is priced in. */
export function offeredCurrencies(catalogue: Plans): string[] {
  return [BASE_CURRENCY, ...Object.keys(catalogue.upsell.prices ?? {})];
}

/** The currency a plan is charged in for a visitor's currency: that one when the plan is priced in it, else the base. */
export function chargedCurrency(plan: Plan, currency: string): string {
  return currency !== BASE_CURRENCY && plan.prices && Object.hasOwn(plan.prices, currency) ? currency : BASE_CURRENCY;
}

/**
 * A plan with its prices in a currency (the base ones when it has none there), without `prices`.
 * @example planIn(plans['gz-1-week-cucumber'], 'EUR').price // the plan's EUR price
 */
export function planIn(plan: Plan, currency: string): Plan {
  const { prices, ...base } = plan;
  if (chargedCurrency(plan, currency) === BASE_CURRENCY || !prices) return base;
  const priced = prices[currency]!;
  return {
    ...base,
    price: priced.price,
    periodPrice: priced.periodPrice,
    ...(base.renewal ? { renewal: { ...base.renewal, price: priced.renewal?.price ?? base.renewal.price } } : {}),
  };
}

const priced = new WeakMap<Plans, Map<string, Plans>>();

/** The whole catalogue priced in a currency (kept per catalogue and currency: screens compare plans by identity). */
export function catalogueIn(catalogue: Plans, currency: string): Plans {
  let byCurrency = priced.get(catalogue);
  if (!byCurrency) {
    byCurrency = new Map();
    priced.set(catalogue, byCurrency);
  }
  let result = byCurrency.get(currency);
  if (!result) {
    const plans = Object.fromEntries(Object.entries(catalogue.plans).map(([name, plan]) => [name, planIn(plan, currency)]));
    result = { ...catalogue, currency: chargedCurrency(catalogue.upsell, currency), plans, upsell: planIn(catalogue.upsell, currency) };
    byCurrency.set(currency, result);
  }
  return result;
}

/** The currency the visitor is shown and charged: the one decided for the visit (engine/core/visitorCurrency.ts), else the base. */
export function visitorCurrency(plans: { currency: string }): string {
  return plans.currency || BASE_CURRENCY;
}

/** The country → currency table (ISO 3166-1 alpha-2 → ISO 4217), loaded with the visitor's region. */
export type CurrencyTable = Readonly<Record<string, string>>;

/** The region a language is most likely spoken in (CLDR likely subtags): `de` → DE, `ja` → JP, `pt` → BR. */
export function languageRegion(language: string): string | undefined {
  try {
    return new Intl.Locale(language).maximize().region;
  } catch {
    return undefined;
  }
}

/**
 * The visitor's currency among those the catalogue offers: the currency of the visitor's country (the
 * first of the time zone's countries is the zone's own: Europe/Berlin → DE), else the currency of the
 * region the page's language is most spoken in, else the base currency.
 * @example chooseCurrency({ countries: ['DE'], language: 'en', offered: ['USD', 'EUR'], table: { DE: 'EUR' } }) // 'EUR'
 */
export function chooseCurrency(options: { countries: readonly string[]; language: string; offered: readonly string[]; table: CurrencyTable }): string {
  const { countries, language, offered, table } = options;
  const currencyOf = (country: string | undefined): string | undefined => (country && Object.hasOwn(table, country) ? table[country] : undefined);
  const fromCountry = currencyOf(countries[0]);
  if (fromCountry) return offered.includes(fromCountry) ? fromCountry : BASE_CURRENCY;
  const fromLanguage = currencyOf(languageRegion(language));
  return fromLanguage && offered.includes(fromLanguage) ? fromLanguage : BASE_CURRENCY;
}
