/**
 * The visitor's language in the browser, with no i18next: boot needs it before any text is loaded,
 * and the landing's first screen runs without i18next (see translator.ts). The languages are the
 * product's (defineFunnel's `languages`); i18n.ts re-exports these.
 */
import type { Language, LanguageList } from '../core/languages.ts';
import { chooseLanguage, cookieValue, LANGUAGE_COOKIE, supportedLanguage } from '../core/languageChoice.ts';
import type { TextTree } from './translator.ts';

export type { Language, LanguageList };

/** Downloads one language's texts (a part of them: the first-paint texts, or the rest). */
export type LocaleLoader = (language: Language) => Promise<TextTree>;

/** The list's language for a browser code, or its fallback. @example pickLanguage(languages, 'pt-BR') // 'pt' */
export function pickLanguage(languages: LanguageList, code: string | undefined): Language {
  return supportedLanguage(languages, code) ?? languages.fallback;
}

/**
 * The visitor's language: `?lng=` first (previews, links from localized ads), then the stored choice
 * (the `lng` cookie), then the browser's preferred languages in order, the first supported one
 * winning; the fallback otherwise. The server that picks the prerendered HTML applies the same rule.
 * @example detectLanguage(languages, '?lng=de', ['fr-FR']) // 'de'
 */
export function detectLanguage(languages: LanguageList, search: string, browserLanguages: readonly string[], cookies = ''): Language {
  return chooseLanguage(languages, {
    query: new URLSearchParams(search).get('lng'),
    stored: cookieValue(cookies, LANGUAGE_COOKIE),
    preferred: browserLanguages,
  });
}

/** Keeps a language chosen with `?lng=` for a year, so the next visit gets that HTML straight away. */
export function rememberChosenLanguage(languages: LanguageList, search: string, doc: Document = document): void {
  const chosen = supportedLanguage(languages, new URLSearchParams(search).get('lng'));
  if (!chosen) return;
  try {
    doc.cookie = `${LANGUAGE_COOKIE}=${chosen}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    // cookies refused (a sandboxed document): the choice lasts for this page only
  }
}

/** document.cookie, or nothing where reading it throws (a sandboxed document). */
function readCookies(): string {
  try {
    return document.cookie;
  } catch {
    return '';
  }
}

/** The language this browser visit asks for (URL, stored choice, browser settings). */
export function browserLanguage(languages: LanguageList): Language {
  return detectLanguage(languages, location.search, navigator.languages?.length ? navigator.languages : [navigator.language], readCookies());
}
