/**
 * The country picker's list (no React): every country with its name in the visitor's language
 * (Intl.DisplayNames) and its dial code, sorted for that language, and a forgiving search. (No flag
 * emoji: Windows and many Linux desktops draw them as two bare letters, so the ISO code is shown.)
 */
import { allCountries, dialCode, type CountryCode } from './model.ts';

/** One entry of the picker. */
export interface CountryOption {
  code: CountryCode;
  /** The name in the visitor's language. */
  name: string;
  dialCode: string;
  /** Lower-case, accent-free name(s) the search matches (the local name and the English one). */
  searchText: string;
}

function namer(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Lower case without accents, so "turkiye" finds "Türkiye" and "osterreich" finds "Österreich". */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Every country, named and sorted in the given language.
 * @example countryOptions('de').find((c) => c.code === 'GB')?.name // 'Vereinigtes Königreich'
 */
export function countryOptions(language: string): CountryOption[] {
  const local = namer(language);
  const english = namer('en');
  const options = allCountries().map((code): CountryOption => {
    const name = local(code);
    return { code, name, dialCode: dialCode(code), searchText: foldForSearch(`${name} ${english(code)}`) };
  });
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(language);
  } catch {
    collator = new Intl.Collator('en');
  }
  return options.sort((a, b) => collator.compare(a.name, b.name));
}

/**
 * The countries matching a query: by name (in the visitor's language or English), by ISO code, or by
 * dial code ("44", "+44"). Names that start with the query come first.
 * @example searchCountries(options, 'united k')[0].code // 'GB'
 */
export function searchCountries(options: readonly CountryOption[], query: string): CountryOption[] {
  const q = foldForSearch(query.trim());
  if (!q) return [...options];
  const digits = q.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) return options.filter((o) => o.dialCode.slice(1).startsWith(digits));
  const starts: CountryOption[] = [];
  const contains: CountryOption[] = [];
  for (const option of options) {
    const words = option.searchText.split(/[\s(),.-]+/);
    if (option.code.toLowerCase() === q || option.searchText.startsWith(q) || words.some((w) => w.startsWith(q))) starts.push(option);
    else if (option.searchText.includes(q)) contains.push(option);
  }
  return [...starts, ...contains];
}
