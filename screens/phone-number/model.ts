/**
 * Phone numbers for the family funnel (no React), wrapping libphonenumber-js with its small "min"
 * metadata: the country guessed from the browser's languages, formatting as the visitor types,
 * validation for the chosen country, and the E.164 form that is stored.
 */
import { AsYouType, getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

export type { CountryCode };

/** Used when no browser language names a country we know. */
export const FALLBACK_COUNTRY: CountryCode = 'US';

/** Every country the metadata knows. */
export function allCountries(): CountryCode[] {
  return getCountries();
}

/** True for a country code the metadata knows. */
export function isCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/** The international dial code. @example dialCode('GB') // '+44' */
export function dialCode(country: CountryCode): string {
  return `+${getCountryCallingCode(country)}`;
}

function regionOf(tag: string): string | undefined {
  try {
    const locale = new Intl.Locale(tag);
    // 'de' has no region: maximize() adds the likely one ('de-Latn-DE'); 'uk' becomes UA
    return locale.region ?? locale.maximize().region;
  } catch {
    return undefined;
  }
}

/**
 * The visitor's likely country from the browser's languages, in order of preference.
 * @example guessCountry(['en-GB']) // 'GB'; guessCountry(['uk']) // 'UA'; guessCountry(['de']) // 'DE'
 */
export function guessCountry(languages: readonly string[], fallback: CountryCode = FALLBACK_COUNTRY): CountryCode {
  for (const tag of languages) {
    const region = regionOf(tag)?.toUpperCase();
    if (region && isCountry(region)) return region;
  }
  return fallback;
}

/** What the number field shows while typing, and the country an international number names. */
export interface TypedNumber {
  display: string;
  /** Set when the visitor typed "+<code> ..." for another country than the chosen one. */
  country?: CountryCode;
}

/**
 * Formats the number as the visitor types it for the chosen country. A number typed with a leading
 * "+" is read as international; when its dial code differs from the chosen country's, the country it
 * names is returned so the picker can follow.
 * @example formatTyping('2025550123', 'US') // { display: '(202) 555-0123' }
 */
export function formatTyping(input: string, country: CountryCode): TypedNumber {
  const typer = new AsYouType(country);
  const display = typer.input(input);
  const callingCode = typer.getCallingCode();
  const named = typer.getCountry();
  if (input.trim().startsWith('+') && callingCode && callingCode !== getCountryCallingCode(country) && named) {
    return { display, country: named };
  }
  return { display };
}

/** A checked number: its E.164 form and its country, or the i18n key of what is wrong. */
export type PhoneResult = { ok: true; e164: string; country: CountryCode } | { ok: false; error: string };

/**
 * Validates a typed number for the chosen country (an international "+..." number is read as such).
 * @example checkPhone('020 7946 0958', 'GB') // { ok: true, e164: '+442079460958', country: 'GB' }
 */
export function checkPhone(input: string, country: CountryCode): PhoneResult {
  if (!/\d/.test(input)) return { ok: false, error: 'family.errors.phoneRequired' };
  const parsed = parsePhoneNumberFromString(input, country);
  if (!parsed || !parsed.isValid()) return { ok: false, error: 'family.errors.phoneInvalid' };
  // keep the chosen country when it shares the dial code (GB, GG, JE and IM all use +44)
  const sameCode = parsed.countryCallingCode === getCountryCallingCode(country);
  return { ok: true, e164: parsed.number, country: sameCode ? country : (parsed.country ?? country) };
}

/**
 * How a stored E.164 number is shown again in the field (national format for its country).
 * @example storedDisplay('+12025550123', 'US') // '(202) 555-0123'
 */
export function storedDisplay(e164: string, country: CountryCode): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return '';
  return parsed.countryCallingCode === getCountryCallingCode(country) ? parsed.formatNational() : parsed.formatInternational();
}
