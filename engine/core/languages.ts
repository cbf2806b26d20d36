/**
 * The interface languages (spec section 1): the one list. Adding a language is its locale file
 * (locales/<code>.json) plus one entry here; the validator, the build (text chunks, prerendered
 * pages), the language choice and the screenshot gallery all read this table.
 * Each code maps to the browser locale a typical visitor of that language has (the gallery and the
 * e2e tests open the page with it).
 */
const LANGUAGE_LOCALES = {
  ar: 'ar-SA',
  de: 'de-DE',
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  it: 'it-IT',
  ja: 'ja-JP',
  ko: 'ko-KR',
  pt: 'pt-BR',
  ru: 'ru-RU',
  tr: 'tr-TR',
  uk: 'uk-UA',
  zh: 'zh-CN',
} as const;

export type Language = keyof typeof LANGUAGE_LOCALES;
export const LANGUAGES = Object.keys(LANGUAGE_LOCALES) as readonly Language[];
export const FALLBACK_LANGUAGE: Language = 'en';

/** The browser locale a typical visitor of the language has. @example browserLocale('pt') // 'pt-BR' */
export const browserLocale = (language: Language): string => LANGUAGE_LOCALES[language];
