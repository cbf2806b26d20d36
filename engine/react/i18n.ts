/**
 * i18next with browser language detection over the funnel's languages (its LanguageList), the list's
 * fallback for anything else, and only the active language's file downloaded (each locale is its own
 * chunk). A right-to-left language (Arabic) turns the page RTL. A prerendered landing does not load
 * this module before its first interaction (boot.tsx imports it lazily): its first screen uses the
 * small translator of translator.ts; the language detection lives in language.ts for that reason and
 * is re-exported here.
 */
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { languageCodes } from '../core/languages.ts';
import { browserLanguage, pickLanguage, type Language, type LanguageList, type LocaleLoader } from './language.ts';
import { setTranslator, type TextOptions, type TextTree, type Translator } from './translator.ts';

export { browserLanguage, detectLanguage, pickLanguage, rememberChosenLanguage } from './language.ts';
export type { Language, LanguageList, LocaleLoader } from './language.ts';

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

/** i18next's own `t` and language, as a Translator of useTexts(). */
export function translatorOf(instance: I18n): Translator {
  const t = (key: string, options?: TextOptions): string => instance.t(key, options ?? {});
  return { t, language: instance.resolvedLanguage ?? instance.language ?? 'en' };
}

/**
 * Makes i18next the translator of useTexts() (translator.ts), now and whenever its language or
 * texts change, so the engine's chrome follows the same instance as the react-i18next screens.
 * @returns a function that stops following it
 */
export function connectTranslator(instance: I18n = i18next): () => void {
  const update = (): void => setTranslator(translatorOf(instance));
  instance.on('initialized', update);
  instance.on('languageChanged', update);
  instance.store?.on('added', update);
  if (instance.isInitialized) update();
  return () => {
    instance.off('initialized', update);
    instance.off('languageChanged', update);
    instance.store?.off('added', update);
  };
}

/**
 * Starts i18next in the browser with all of one language's texts at hand (the first-paint part the
 * page already has, and the rest), and hands it the texts of useTexts().
 */
export async function startI18next(languages: LanguageList, language: Language, first: TextTree, rest: TextTree, instance: I18n = i18next): Promise<I18n> {
  await initI18n(languages, { [language]: first } as TextsByLanguage, instance, language);
  instance.addResourceBundle(language, 'translation', rest, true, false);
  connectTranslator(instance);
  return instance;
}
