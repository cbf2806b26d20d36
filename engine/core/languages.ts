/**
 * A funnel's interface languages, declared by the product (its composition passes them to
 * defineFunnel) and read by everything that needs the list: i18n, the locale chunks, the language
 * choice on the server and in the page, the prerenderer (one HTML per language) and the validator.
 * The engine holds no list of its own.
 */

/** A language code: the locale file's name and the prefix of the browser codes it serves (`pt` serves `pt-BR`). */
export type Language = string;

/** The product's languages. */
export interface LanguageList {
  /**
   * Language code -> the browser locale a typical visitor of that language has (the gallery and the
   * e2e tests open the page with it). The order is the order of the build's pages and locale chunks.
   */
  readonly locales: Readonly<Record<Language, string>>;
  /** The language of a visitor whose browser asks for none of them; one of `locales`. */
  readonly fallback: Language;
}

/** The codes of a language list. @example languageCodes({ locales: { de: 'de-DE', en: 'en-US' }, fallback: 'en' }) // ['de', 'en'] */
export const languageCodes = (languages: LanguageList): Language[] => Object.keys(languages.locales);

/** The browser locale a typical visitor of the language has; the code itself for an unknown language. @example browserLocale(list, 'pt') // 'pt-BR' */
export const browserLocale = (languages: LanguageList, language: Language): string => languages.locales[language] ?? language;
