/**
 * i18next with browser language detection over the funnel's languages (its LanguageList), the list's
 * fallback for anything else, and only the active language's file downloaded (each locale is its own
 * chunk). A right-to-left language (Arabic) turns the page RTL.
 */
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { languageCodes, type Language, type LanguageList } from '../core/languages.ts';
import { chooseLanguage, cookieValue, LANGUAGE_COOKIE, supportedLanguage } from '../core/languageChoice.ts';

export type { Language, LanguageList };

export type LocaleLoader = (language: Language) => Promise<ResourceKey>;

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

function backend(load: LocaleLoader, languages: LanguageList): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      load(pickLanguage(languages, language)).then(
        (resources) => callback(null, resources),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/** Sets lang and dir on <html> for the instance's language (always one of its supported languages). */
export function applyDocumentLanguage(instance: I18n, doc: Document = document): void {
  const lng = instance.resolvedLanguage ?? instance.language;
  doc.documentElement.lang = lng;
  doc.documentElement.dir = instance.dir(lng);
}

/** Each language's texts, already in memory (the prerenderer has them all at build time). */
export type TextsByLanguage = Record<Language, ResourceKey>;

/**
 * Initialises i18next, the same way in the browser and in the build's prerenderer (so the HTML and
 * its hydration use the same texts and settings); resolves once the active language is loaded.
 * @param languages the funnel's languages (defineFunnel's `languages`)
 * @param texts a loader that downloads one language's texts (the browser), or every language's texts
 * @param language the visitor's language (detected from the URL and the browser by default)
 * @example await initI18n(funnel.languages, (lng) => import(`./${lng}.json`), i18next, 'de')
 */
export async function initI18n(
  languages: LanguageList,
  texts: LocaleLoader | TextsByLanguage,
  instance: I18n = i18next,
  language: Language = browserLanguage(languages),
): Promise<I18n> {
  if (typeof texts === 'function') instance.use(backend(texts, languages));
  instance.use(initReactI18next);
  instance.on('languageChanged', () => {
    if (typeof document !== 'undefined') applyDocumentLanguage(instance);
  });
  await instance.init({
    lng: language,
    ...(typeof texts === 'function' ? {} : { resources: Object.fromEntries(Object.entries(texts).map(([l, t]) => [l, { translation: t }])) }),
    supportedLngs: languageCodes(languages),
    load: 'languageOnly',
    // the detected language is always supported and complete (CI checks every key): no second download
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
