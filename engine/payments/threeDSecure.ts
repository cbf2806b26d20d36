/**
 * Whether a purchase asks for 3-D Secure when the payment settings turn on
 * `experiments.force_3ds_for_eu_customers` (spec section 7, call 2). A visitor is an EU customer by
 * the country of the card (the payment method's card.country) when the provider tells it; otherwise
 * when the browser's time zone is an EU one or its first locale with a region names an EU country
 * (either is enough: asking for 3-D Secure once too often costs a tap, missing it can cost the sale
 * under the EU's strong customer authentication). Nothing known means not EU.
 */

/** The 27 member states of the European Union (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/** IANA time zones of the EU member states (Europe/* alone would also take in London, Kyiv, Moscow, Zurich…). */
const EU_TIME_ZONES: ReadonlySet<string> = new Set([
  'Europe/Vienna',
  'Europe/Brussels',
  'Europe/Sofia',
  'Europe/Zagreb',
  'Asia/Nicosia',
  'Asia/Famagusta',
  'Europe/Nicosia',
  'Europe/Prague',
  'Europe/Copenhagen',
  'Europe/Tallinn',
  'Europe/Helsinki',
  'Europe/Mariehamn',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Busingen',
  'Europe/Athens',
  'Europe/Budapest',
  'Europe/Dublin',
  'Europe/Rome',
  'Europe/Riga',
  'Europe/Vilnius',
  'Europe/Luxembourg',
  'Europe/Malta',
  'Europe/Amsterdam',
  'Europe/Warsaw',
  'Europe/Lisbon',
  'Atlantic/Madeira',
  'Atlantic/Azores',
  'Europe/Bucharest',
  'Europe/Bratislava',
  'Europe/Ljubljana',
  'Europe/Madrid',
  'Africa/Ceuta',
  'Atlantic/Canary',
  'Europe/Stockholm',
]);

export interface CustomerHints {
  /** The card's issuing country, when the payment method carries it. */
  cardCountry?: string;
  /** The browser's locales, most preferred first (navigator.languages), e.g. ['de-DE', 'en']. */
  locales?: readonly string[];
  /** The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone). */
  timeZone?: string;
}

/** The region of a locale tag ('de-AT' -> 'AT'), or undefined when it has none. */
function regionOf(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).region?.toUpperCase();
  } catch {
    return undefined;
  }
}

/** True when the hints place the visitor in the EU; the card's country wins over the browser's hints. */
export function isEuCustomer(hints: CustomerHints): boolean {
  if (hints.cardCountry) return EU_COUNTRIES.has(hints.cardCountry.toUpperCase());
  if (hints.timeZone !== undefined && EU_TIME_ZONES.has(hints.timeZone)) return true;
  const region = hints.locales?.map(regionOf).find((r) => r !== undefined);
  return region !== undefined && EU_COUNTRIES.has(region);
}

/** The browser's locales and time zone (empty outside a browser). */
export function browserHints(): Omit<CustomerHints, 'cardCountry'> {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return { locales: nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [], timeZone };
}

/**
 * The 3-D Secure decision for a new payment method.
 * @example purchase(deps, { plan, threeDSecure: threeDSecurePolicy(store.signup.force3ds, browserHints()) })
 */
export function threeDSecurePolicy(forceForEu: boolean, browser: Omit<CustomerHints, 'cardCountry'>): (method: { country?: string }) => boolean {
  return (method) => forceForEu && isEuCustomer({ ...browser, cardCountry: method.country });
}
