/**
 * Where the visitor is, for the consent rules: the country the host's edge names when it does (a
 * `visitor_country` cookie, ISO 3166-1 alpha-2, set from the CDN's geolocation: docs/operations.md
 * "The visitor's country"), else every country of the visitor's IANA time zone, from a maintained
 * zone table (countries-and-timezones, loaded lazily: never on the landing's critical path). A UTC,
 * `Etc/…` or unknown zone gives no country: the rules then treat the visitor as needing consent.
 */

/** The cookie the edge sets with the visitor's country. */
export const COUNTRY_COOKIE = 'visitor_country';

/** Codes a CDN uses for "unknown" (Cloudflare's XX, Tor's T1) are not a country. */
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ']);

/**
 * The country the host's edge set, or undefined.
 * @example countryFromHost({ cookie: 'visitor_country=de' }) // 'DE'
 */
export function countryFromHost(doc: Pick<Document, 'cookie'>): string | undefined {
  let cookies: string;
  try {
    cookies = doc.cookie;
  } catch {
    return undefined; // cookies blocked: the time zone decides
  }
  const hit = cookies.split('; ').find((c) => c.startsWith(`${COUNTRY_COOKIE}=`));
  const code = (hit?.slice(COUNTRY_COOKIE.length + 1) ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) ? code : undefined;
}

/** What the zone table answers: countries-and-timezones' getTimezone. */
export type ZoneTable = { getTimezone(name: string): { countries: string[] } | null };

const loadZoneTable = (): Promise<ZoneTable> => import('countries-and-timezones').then((m) => (m.default ?? m) as ZoneTable);

/**
 * The visitor's countries: the edge's, else those of the time zone (Europe/Zurich: CH, DE, LI).
 * @example await visitorCountries({ cookie: '' }, 'Indian/Reunion') // ['RE']
 */
export async function visitorCountries(doc: Pick<Document, 'cookie'>, timeZone: string, load: () => Promise<ZoneTable> = loadZoneTable): Promise<string[]> {
  const fromHost = countryFromHost(doc);
  if (fromHost) return [fromHost];
  if (!timeZone) return [];
  try {
    return [...((await load()).getTimezone(timeZone)?.countries ?? [])];
  } catch {
    return []; // the table did not load: unknown, so consent is asked
  }
}
