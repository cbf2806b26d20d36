/**
 * Browser locales of languages the funnel does not offer, for the "falls back to English" cases: taken
 * from a longer list minus the languages of `screens/product/languages.ts`, so adding one of them to
 * the product (a locale file and one line in the list) never turns those tests red.
 */
import { languageCodes, type LanguageList } from '../engine/index.ts';

const CANDIDATES = ['nl-NL', 'sv-SE', 'pl-PL', 'fi-FI', 'da-DK', 'cs-CZ', 'hu-HU', 'el-GR', 'ro-RO', 'nb-NO'];

/** The candidates whose language `list` lacks, at least two (fails otherwise, naming the fix). */
export function unsupportedLocales(list: LanguageList): [string, string, ...string[]] {
  const offered = new Set<string>(languageCodes(list));
  const left = CANDIDATES.filter((locale) => !offered.has(new Intl.Locale(locale).language));
  if (left.length < 2) throw new Error('test/unsupportedLocales.ts: add browser locales of languages the funnel does not offer');
  return left as [string, string, ...string[]];
}
