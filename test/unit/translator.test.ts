/**
 * The landing's small translator (engine/react/translator.ts) gives exactly what i18next gives for
 * the same texts: every text of every language, every plural text at many counts, placeholders, and
 * a missing key. The first screen hydrates with it and switches to i18next later, so any difference
 * would show as a text that changes under the visitor's eyes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type i18n as I18n } from 'i18next';
import { createTranslator, textDirection, type TextTree } from '../../engine/react/index.ts';
import { languageCodes } from '../../engine/index.ts';
import { languages } from '../../screens/product/languages.ts';

const LANGUAGES = languageCodes(languages);

const root = new URL('../../', import.meta.url).pathname;
const load = (lng: string): TextTree => JSON.parse(readFileSync(join(root, 'locales', `${lng}.json`), 'utf8')) as TextTree;
const SUFFIX = /_(zero|one|two|few|many|other)$/;

function leaves(tree: TextTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
}

async function i18nextFor(lng: string, texts: TextTree): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.init({ lng, resources: { [lng]: { translation: texts } }, fallbackLng: false, interpolation: { escapeValue: false }, returnNull: false });
  return instance;
}

describe.each(LANGUAGES)('the small translator in %s', (lng) => {
  const texts = load(lng);
  const keys = leaves(texts);
  const values = { step: 'Schritt', app: 'Family Locator', price: '9,99 €', name: 'Ada', date: '1.2.2027', max: 40, min: 2 };

  it('translates every text as i18next does, placeholders filled', async () => {
    const reference = await i18nextFor(lng, texts);
    const { t } = createTranslator(lng, texts);
    for (const key of keys.filter((k) => !SUFFIX.test(k))) expect(t(key, values), key).toBe(reference.t(key, values));
  });

  it('picks the plural form i18next picks for every count', async () => {
    const reference = await i18nextFor(lng, texts);
    const { t } = createTranslator(lng, texts);
    const plurals = [...new Set(keys.filter((k) => SUFFIX.test(k)).map((k) => k.replace(SUFFIX, '')))];
    expect(plurals.length).toBeGreaterThan(0);
    for (const key of plurals)
      for (const count of [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 100, 101, 1.5])
        expect(t(key, { count, ...values }), `${key} ${count}`).toBe(reference.t(key, { count, ...values }));
  });

  it('picks the context variant i18next picks, with its plural forms, else the plain text', async () => {
    const reference = await i18nextFor(lng, texts);
    const { t } = createTranslator(lng, texts);
    const contexts = keys.filter((k) => !SUFFIX.test(k) && /_[a-z]+[A-Z]\w*$/.test(k)).map((k) => k.split('_'));
    for (const [key, context] of contexts) {
      for (const options of [{ context }, { context: 'unknown' }, { context, count: 3 }, { context: '' }])
        expect(t(key!, { ...options, ...values }), `${key} ${JSON.stringify(options)}`).toBe(reference.t(key!, { ...options, ...values }));
    }
  });
});

describe('the small translator', () => {
  it('returns the key of a missing text, as i18next does', () => {
    const { t } = createTranslator('en', { a: { b: 'B' } });
    expect(t('a.c')).toBe('a.c');
    expect(t('a')).toBe('a');
    expect(t('a.b')).toBe('B');
  });

  it('uses a zero form for 0 when there is one, and the other form when the language has no such form', () => {
    const { t } = createTranslator('en', { n_zero: 'none', n_one: '{{count}} day', n_other: '{{count}} days', m_other: '{{count}} x' });
    expect(t('n', { count: 0 })).toBe('none');
    expect(t('n', { count: 1 })).toBe('1 day');
    expect(t('n', { count: 7 })).toBe('7 days');
    expect(t('m', { count: 1 })).toBe('1 x');
  });

  it('gives the writing direction as i18next does', async () => {
    const reference = await i18nextFor('en', {});
    for (const code of [...LANGUAGES, 'he', 'fa-IR', 'ur', 'pt-BR', 'az-Arab', 'uz-Latn']) expect(textDirection(code), code).toBe(reference.dir(code));
  });
});
