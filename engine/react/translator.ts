/**
 * The texts of the engine's own chrome and of the entry screens, without i18next on the first screen.
 * A prerendered landing paints from HTML and hydrates with a small translator over its first-paint
 * texts (createTranslator); i18next (about 18 KiB gzip with react-i18next) arrives with the rest of the
 * texts, and from then on the translator is i18next's own (connectTranslator in i18n.ts), so every
 * component shows the same strings before and after the switch.
 * The engine's components and this project's screens read texts with useTexts() (ESLint refuses
 * react-i18next's hooks in engine/ and screens/). i18next is still started with react-i18next's plugin,
 * so another product's screen may use useTranslation(); each mount of it copies the i18next instance
 * (about 1 ms at 4x CPU), which adds up on a step as large as the checkout.
 */
import { useSyncExternalStore } from 'react';
import { ownValue } from '../core/ownValue.ts';

/** Options of a text: `count` picks the plural form (`key_one`, `key_other`, …), `context` a variant (`key_male`), the others fill `{{name}}`. */
export type TextOptions = { count?: number; context?: string } & Record<string, unknown>;

/** Translates a key (nested by dots) like i18next's `t`: the key itself when the text is missing. */
export type TranslateFn = (key: string, options?: TextOptions) => string;

export interface Translator {
  t: TranslateFn;
  /** The language of the texts. */
  language: string;
}

/** A language's texts, nested by key segment. */
export interface TextTree {
  [key: string]: string | TextTree;
}

function lookup(texts: TextTree, key: string): string | undefined {
  let node: string | TextTree | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? ownValue(node, part) : undefined;
  return typeof node === 'string' ? node : undefined;
}

// {{name}} and i18next's unescaped form {{- name}}; texts are never HTML-escaped (React escapes them).
// Formatted placeholders ({{n, number}}) are left as written: no first-paint text has one
const PLACEHOLDER = /\{\{-?\s*([^{}\s,]+)\s*\}\}/g;

/**
 * A translator over one language's texts, with what i18next does for the same texts: nested keys,
 * `{{name}}` interpolation, `context` variants (`key_firstPayment` for `{ context: 'firstPayment' }`,
 * else the plain key), and `count` plurals by Intl.PluralRules (`key_zero` for 0 when present, then
 * the language's form, then `key_other`).
 * @example createTranslator('en', { pricing: { duration: { day_one: '{{count}} day', day_other: '{{count}} days' } } }).t('pricing.duration.day', { count: 2 }) // '2 days'
 */
export function createTranslator(language: string, texts: TextTree): Translator {
  let plurals: Intl.PluralRules | undefined;
  const find = (key: string, count: unknown): string | undefined => {
    if (typeof count === 'number') {
      plurals ??= new Intl.PluralRules(language);
      const text =
        (count === 0 ? lookup(texts, `${key}_zero`) : undefined) ?? lookup(texts, `${key}_${plurals.select(count)}`) ?? lookup(texts, `${key}_other`);
      if (text !== undefined) return text;
    }
    return lookup(texts, key);
  };
  const t: TranslateFn = (key, options) => {
    const context = typeof options?.context === 'string' && options.context !== '' ? options.context : undefined;
    const text = (context === undefined ? undefined : find(`${key}_${context}`, options?.count)) ?? find(key, options?.count);
    if (text === undefined) return key;
    return options ? text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(options, name) ? String(options[name]) : whole)) : text;
  };
  return { t, language };
}

let current: Translator = createTranslator('en', {});
const listeners = new Set<() => void>();

/** Makes `translator` the one every useTexts() reads; the components showing texts render again. */
export function setTranslator(translator: Translator): void {
  current = translator;
  for (const listener of listeners) listener();
}

/** The translator in use (outside React). */
export function currentTranslator(): Translator {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The texts in the visitor's language, for components that are on the first screen. @example const { t } = useTexts() */
export function useTexts(): Translator {
  return useSyncExternalStore(subscribe, currentTranslator, currentTranslator);
}

// i18next's list of right-to-left languages, cut to the codes a browser language can reduce to
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ps', 'sd', 'ug', 'ur', 'yi', 'ji']);

/** The writing direction of a language, as i18next's `dir()` gives it. @example textDirection('ar') // 'rtl' */
export function textDirection(language: string): 'ltr' | 'rtl' {
  const code = language.toLowerCase();
  if (code.includes('-latn')) return 'ltr';
  return RTL.has(code.split('-')[0]!) || code.includes('-arab') ? 'rtl' : 'ltr';
}
