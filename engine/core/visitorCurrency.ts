/**
 * Decides once which currency the visitor is shown and charged (store.plans.currency, kept with the
 * visit so a price never changes under a visitor who saw it): the currency of the country the consent
 * rules know (engine/analytics/visitorRegion.ts: the edge's cookie, else the time zone's countries),
 * else of the page's language, else the base currency (./currency.ts chooseCurrency).
 *
 * The country → currency table is `country-to-currency` (ISO 3166-1 → ISO 4217, about 3 KB, no
 * dependencies, kept up to date with ISO changes such as Bulgaria's euro): countries-and-timezones, which
 * the region comes from, carries no currency, and Intl has no country → currency data of its own. It is
 * loaded lazily, with the zone table, off the landing's critical path.
 */
import type { Plans } from '../types/plans.gen.ts';
import { browserTimeZone } from '../analytics/consentRules.ts';
import { visitorCountries } from '../analytics/visitorRegion.ts';
import type { FunnelState } from './store.ts';
import { chooseCurrency, offeredCurrencies, type CurrencyTable } from './currency.ts';

const loadCurrencyTable = (): Promise<CurrencyTable> => import('country-to-currency').then((m) => m.default as CurrencyTable);

/** Where the visitor is and the table that maps it to a currency; replaced in tests. */
export interface CurrencySources {
  countries: () => Promise<string[]>;
  table: () => Promise<CurrencyTable>;
}

const browserSources = (): CurrencySources => ({
  countries: () => visitorCountries(document, browserTimeZone()),
  table: loadCurrencyTable,
});

/**
 * Sets store.plans.currency when the visit has none yet (a restored visit keeps the one it was shown,
 * while the catalogue still sells in it). With one currency in the catalogue nothing is loaded. A table that fails to load leaves the base currency.
 */
export async function decideCurrency(store: FunnelState, catalogue: Plans, language: string, sources: CurrencySources = browserSources()): Promise<void> {
  const offered = offeredCurrencies(catalogue);
  if (offered.includes(store.plans.currency)) return;
  // a currency the catalogue no longer sells is forgotten: the visit is decided again
  store.plans.currency = '';
  if (offered.length < 2) return;
  try {
    const [countries, table] = await Promise.all([sources.countries(), sources.table()]);
    if (!store.plans.currency) store.plans.currency = chooseCurrency({ countries, language, offered, table });
  } catch {
    // the chunk did not load (offline): the base prices stay, and the next visit decides
  }
}
