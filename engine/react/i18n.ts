/**
 * i18next with browser language detection over the 13 languages, English for anything else, and only
 * the active language's file downloaded (each locale is its own chunk). Arabic turns the page RTL.
 */
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'ru', 'tr', 'uk', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export type LocaleLoader = (language: Language) => Promise<ResourceKey>;

const base = (code: string): string => code.toLowerCase().split(/[-_]/)[0] ?? '';
const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** The supported language for a browser code, or English. @example pickLanguage('pt-BR') // 'pt' */
export function pickLanguage(code: string | undefined): Language {
  const b = base(code ?? '');
  return isLanguage(b) ? b : FALLBACK_LANGUAGE;
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
 * @param order where the language comes from: `?lng=` first, then the browser's languages
 */
export async function initI18n(load: LocaleLoader, instance: I18n = i18next): Promise<I18n> {
  instance.use(backend(load)).use(LanguageDetector).use(initReactI18next);
  instance.on('languageChanged', () => {
    if (typeof document !== 'undefined') applyDocumentLanguage(instance);
  });
  await instance.init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // a supported language needs no fallback download; anything else is English
    fallbackLng: (code: string) => (isLanguage(base(code)) ? [] : [FALLBACK_LANGUAGE]),
    detection: { order: ['querystring', 'navigator'], lookupQuerystring: 'lng', caches: [] },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
