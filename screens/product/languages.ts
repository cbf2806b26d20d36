/**
 * The funnel's interface languages (spec section 1): the one list. Adding a language is its locale
 * file (locales/<code>.json, every key translated) plus one entry here; the composition (funnel.ts),
 * the build (locale chunks, one prerendered page per language), the preview server's language
 * choice, the validator and the screenshot gallery all read this module.
 * Each code maps to the browser locale a typical visitor of that language has.
 */
import type { LanguageList } from '../../engine/index.ts';

export const languages = {
  locales: {
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
  },
  fallback: 'en',
} as const satisfies LanguageList;
