/**
 * The one rule that picks the visitor's language, shared by the browser and by whatever serves the
 * prerendered HTML: `?lng=` first, then the visitor's stored choice (the `lng` cookie), then the
 * browser's preferred languages in order; the list's fallback when none is supported.
 */
import { languageCodes, type Language, type LanguageList } from './languages.ts';

/** The cookie that keeps a language chosen with `?lng=`, so the server can send that HTML next time. */
export const LANGUAGE_COOKIE = 'lng';

/** The language of the list that serves a code such as `pt-BR`, or undefined. */
export function supportedLanguage(languages: LanguageList, code: string | null | undefined): Language | undefined {
  const base = (code ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return languageCodes(languages).includes(base) ? base : undefined;
}

export interface LanguageSources {
  /** The `lng` query parameter. */
  query?: string | null;
  /** The stored choice (the `lng` cookie). */
  stored?: string | null;
  /** Browser languages, most preferred first (navigator.languages, or a parsed Accept-Language). */
  preferred: readonly string[];
}

/** @example chooseLanguage(languages, { query: null, stored: 'de', preferred: ['fr-FR'] }) // 'de' */
export function chooseLanguage(languages: LanguageList, { query, stored, preferred }: LanguageSources): Language {
  for (const code of [query, stored, ...preferred]) {
    const language = supportedLanguage(languages, code);
    if (language) return language;
  }
  return languages.fallback;
}

/** The languages of an Accept-Language header, highest quality first. @example parseAcceptLanguage('fr;q=0.5, de') // ['de', 'fr'] */
export function parseAcceptLanguage(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/** One cookie's value from a Cookie header (or document.cookie). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}
