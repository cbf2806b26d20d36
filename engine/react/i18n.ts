/**
 * i18next with browser language detection over the 13 languages, English for anything else, and only
 * the active language's file downloaded (each locale is its own chunk). Arabic turns the page RTL.
 */
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../core/languages.ts';

export { FALLBACK_LANGUAGE, LANGUAGES, type Language };

export type LocaleLoader = (language: Language) => Promise<ResourceKey>;

const base = (code: string): string => code.toLowerCase().split(/[-_]/)[0] ?? '';
const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** The supported language for a browser code, or English. @example pickLanguage('pt-BR') // 'pt' */
export function pickLanguage(code: string | undefined): Language {
  const b = base(code ?? '');
  return isLanguage(b) ? b : FALLBACK_LANGUAGE;
}

/**
 * The visitor's language: `?lng=` first (previews, links from localized ads), then the browser's
 * preferred languages in order, the first supported one winning; English otherwise. (A dozen lines
 * instead of a detector plugin keeps the landing route inside its budget.)
 * @example detectLanguage('?lng=de', ['fr-FR']) // 'de'
 */
export function detectLanguage(search: string, browserLanguages: readonly string[]): Language {
  const fromQuery = new URLSearchParams(search).get('lng');
  for (const code of [fromQuery, ...browserLanguages]) {
    const b = base(code ?? '');
    if (isLanguage(b)) return b;
  }
  return FALLBACK_LANGUAGE;
}

function backend(load: LocaleLoader): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      load(pickLanguage(language)).then(
        (resources) => callback(null, resources),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/** Sets lang and dir on <html> for a language. */
export function applyDocumentLanguage(instance: I18n, doc: Document = document): void {
  const lng = pickLanguage(instance.resolvedLanguage ?? instance.language);
  doc.documentElement.lang = lng;
  doc.documentElement.dir = instance.dir(lng);
}

/**
 * Initialises i18next; resolves once the active language is loaded.
 * @param language the visitor's language (detected from the URL and the browser by default)
 */
export async function initI18n(
  load: LocaleLoader,
  instance: I18n = i18next,
  language: Language = detectLanguage(location.search, navigator.languages?.length ? navigator.languages : [navigator.language]),
): Promise<I18n> {
  instance.use(backend(load)).use(initReactI18next);
  instance.on('languageChanged', () => {
    if (typeof document !== 'undefined') applyDocumentLanguage(instance);
  });
  await instance.init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    // the detected language is always supported and complete (CI checks every key): no second download
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
