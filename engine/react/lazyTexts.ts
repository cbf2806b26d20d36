/**
 * i18next, loaded when it is needed: a prerendered landing paints and hydrates with the small
 * translator (translator.ts) and fetches i18next (its own chunk, about 18 KiB gzip with react-i18next)
 * with the rest of the texts; any other path starts it before its first render.
 */
import type { TextsState } from './context.ts';
import type { Language, LanguageList } from './language.ts';
import type { TextTree } from './translator.ts';

export interface LazyI18next {
  /** Starts i18next with the first-paint texts (once); later calls share the first. */
  start: () => Promise<void>;
  /** Starts i18next and adds the rest of the texts (once); then `texts.complete`, or `texts.failed` if either could not be loaded. */
  loadAll: () => Promise<void>;
}

/**
 * @param languages the funnel's languages (defineFunnel's `languages`)
 * @param first the first-paint texts, already being fetched
 * @param loadRest fetches the rest of the texts (with retries)
 * @param texts the state later steps wait on behind the loader
 */
export function lazyI18next(
  languages: LanguageList,
  language: Language,
  first: Promise<TextTree>,
  loadRest: () => Promise<TextTree>,
  texts: TextsState,
): LazyI18next {
  let started: Promise<Awaited<ReturnType<typeof import('./i18n.ts').startI18next>>> | undefined;
  let all: Promise<void> | undefined;
  const startInstance = () =>
    (started ??= Promise.all([import('./i18n.ts'), first]).then(([module, firstTexts]) => module.startI18next(languages, language, firstTexts, {})));
  const loadAll = (): Promise<void> =>
    (all ??= Promise.all([startInstance(), loadRest()]).then(
      ([instance, rest]) => {
        instance.addResourceBundle(language, 'translation', rest, true, false);
        texts.complete = true;
      },
      (error: unknown) => {
        texts.failed = true;
        throw error;
      },
    ));
  return { start: () => startInstance().then(() => undefined), loadAll };
}
