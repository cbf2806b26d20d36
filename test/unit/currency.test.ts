/** The visitor's currency (engine/core/currency.ts, visitorCurrency.ts) and the catalogue priced in it. */
import countryToCurrency from 'country-to-currency';
import { describe, expect, it } from 'vitest';
import {
  BASE_CURRENCY,
  catalogueIn,
  chooseCurrency,
  createFunnelStore,
  currencyDigits,
  decideCurrency,
  fromMinorUnits,
  languageRegion,
  offeredCurrencies,
  planIn,
  planPricing,
  toMinorUnits,
} from '../../engine/index.ts';
import type { Plan } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { funnelData } from '../../screens/flowData.ts';

const TABLE = { DE: 'EUR', FR: 'EUR', JP: 'JPY', GB: 'GBP', US: 'USD', CH: 'CHF', BR: 'BRL' };
const OFFERED = ['USD', 'EUR', 'JPY', 'GBP'];
const choose = (countries: string[], language: string): string => chooseCurrency({ countries, language, offered: OFFERED, table: TABLE });

describe('chooseCurrency', () => {
  it("takes the currency of the visitor's country, the first of a time zone's countries", () => {
    expect(choose(['DE'], 'en')).toBe('EUR');
    expect(choose(['JP', 'AU'], 'en')).toBe('JPY');
    expect(choose(['GB'], 'de')).toBe('GBP');
  });

  it("falls back to USD for a known country whose currency the catalogue does not sell, whatever the page's language", () => {
    expect(choose(['CH'], 'de')).toBe(BASE_CURRENCY);
    expect(choose(['US'], 'ja')).toBe(BASE_CURRENCY);
  });

  it("takes the page language's likeliest region when the country is unknown (a UTC zone, no edge cookie)", () => {
    expect(choose([], 'de')).toBe('EUR');
    expect(choose([], 'ja')).toBe('JPY');
    expect(choose(['XX'], 'fr')).toBe('EUR');
  });

  it('falls back to USD when neither the country nor the language names a currency the catalogue sells', () => {
    expect(choose([], 'pt')).toBe(BASE_CURRENCY); // pt is most spoken in BR: BRL is not sold
    expect(choose([], 'en')).toBe(BASE_CURRENCY);
    expect(choose([], 'not a language')).toBe(BASE_CURRENCY);
    expect(chooseCurrency({ countries: ['constructor'], language: 'en', offered: OFFERED, table: TABLE })).toBe(BASE_CURRENCY);
  });

  it('reads the likeliest region of a language from Intl (CLDR likely subtags)', () => {
    expect(languageRegion('de')).toBe('DE');
    expect(languageRegion('ja')).toBe('JP');
    expect(languageRegion('pt')).toBe('BR');
    expect(languageRegion('')).toBeUndefined();
  });

  it('with the shipped catalogue and the country table: a German visitor pays in the currency of Germany if it is sold', () => {
    const offered = offeredCurrencies(funnelData.plans);
    const german = chooseCurrency({ countries: ['DE'], language: 'de', offered, table: countryToCurrency });
    expect(german).toBe(offered.includes(countryToCurrency.DE) ? countryToCurrency.DE : BASE_CURRENCY);
  });
});

describe('decideCurrency', () => {
  const sources = (countries: string[]) => ({ countries: async () => countries, table: async () => TABLE });
  const catalogue = {
    ...funnelData.plans,
    upsell: { ...funnelData.plans.upsell, prices: { EUR: { price: 1, periodPrice: 1 }, JPY: { price: 1, periodPrice: 1 } } },
  };

  it('decides once from the country, keeps a decided currency the catalogue sells, and forgets one it no longer sells', async () => {
    const store = createFunnelStore(productSlices);
    await decideCurrency(store, catalogue, 'en', sources(['DE']));
    expect(store.plans.currency).toBe('EUR');
    await decideCurrency(store, catalogue, 'en', sources(['JP']));
    expect(store.plans.currency).toBe('EUR'); // the visit keeps what it was shown
    store.plans.currency = 'GBP';
    await decideCurrency(store, catalogue, 'ja', sources([]));
    expect(store.plans.currency).toBe('JPY');
  });

  it('leaves the base currency when the tables do not load, and loads nothing for a catalogue with one currency', async () => {
    const store = createFunnelStore(productSlices);
    await decideCurrency(store, catalogue, 'de', { countries: () => Promise.reject(new Error('offline')), table: async () => TABLE });
    expect(store.plans.currency).toBe('');
    const single = { ...funnelData.plans, upsell: { ...funnelData.plans.upsell, prices: undefined } };
    let asked = false;
    await decideCurrency(store, single, 'de', { countries: async () => ((asked = true), ['DE']), table: async () => TABLE });
    expect(asked).toBe(false);
    expect(store.plans.currency).toBe('');
  });
});

describe('the catalogue in a currency', () => {
  const offered = offeredCurrencies(funnelData.plans);

  it.each(offered)('prices every plan and the upsell in %s from its prices, the story kept', (currency) => {
    const priced = catalogueIn(funnelData.plans, currency);
    expect(priced.currency).toBe(currency);
    for (const [name, base] of [...Object.entries(funnelData.plans.plans), ['upsell', funnelData.plans.upsell] as const]) {
      const plan: Plan = name === 'upsell' ? priced.upsell : priced.plans[name]!;
      const own = currency === BASE_CURRENCY ? base : base.prices![currency]!;
      expect(plan).toMatchObject({ price: own.price, periodPrice: own.periodPrice, duration: base.duration, kind: base.kind });
      expect(plan.renewal?.price).toBe(base.renewal ? (own.renewal?.price ?? base.renewal.price) : undefined);
      expect(plan.renewal?.duration).toEqual(base.renewal?.duration);
      expect(planPricing(plan).kind).toBe(planPricing(base).kind);
      expect(plan.prices).toBeUndefined();
    }
  });

  it('keeps the base prices for a currency the catalogue does not sell, and hands the same objects back', () => {
    const unsold = Intl.supportedValuesOf('currency').find((code) => !offered.includes(code))!;
    expect(catalogueIn(funnelData.plans, unsold).currency).toBe(BASE_CURRENCY);
    const plan = Object.values(funnelData.plans.plans)[0]!;
    expect(planIn(plan, unsold).price).toBe(plan.price);
    expect(catalogueIn(funnelData.plans, offered.at(-1)!)).toBe(catalogueIn(funnelData.plans, offered.at(-1)!));
  });

  it('counts amounts in the minor units of ISO 4217', () => {
    expect([currencyDigits('JPY'), currencyDigits('EUR'), currencyDigits('KWD')]).toEqual([0, 2, 3]);
    expect(toMinorUnits(9.99, 'EUR')).toBe(999);
    expect(toMinorUnits(1480, 'JPY')).toBe(1480);
    expect(toMinorUnits(1.234, 'KWD')).toBe(1234);
    expect(fromMinorUnits(999, 'EUR')).toBe(9.99);
  });
});
