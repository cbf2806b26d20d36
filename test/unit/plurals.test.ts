/**
 * Every text with a count has, in every language, exactly the plural forms that language needs
 * (Intl.PluralRules: en one/other, ru one/few/many/other, ar zero/one/two/few/many/other, ja other…),
 * and i18next picks the right one for real counts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { LANGUAGES } from '../../engine/react/index.ts';

const root = new URL('../../', import.meta.url).pathname;
type Tree = { [key: string]: string | Tree };
const SUFFIX = /^(.*)_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`)));
}

const load = (lng: string): Tree => JSON.parse(readFileSync(join(root, 'locales', `${lng}.json`), 'utf8')) as Tree;

/** Plural key -> the categories a language holds for it. */
function pluralForms(lng: string): Map<string, Set<string>> {
  const forms = new Map<string, Set<string>>();
  for (const key of leaves(load(lng))) {
    const match = SUFFIX.exec(key);
    if (!match) continue;
    const set = forms.get(match[1]!) ?? new Set<string>();
    set.add(match[2]!);
    forms.set(match[1]!, set);
  }
  return forms;
}

const pluralKeys = new Set(LANGUAGES.flatMap((lng) => [...pluralForms(lng).keys()]));

describe('plural forms', () => {
  it('exist for the counted texts', () => {
    expect([...pluralKeys]).toEqual(expect.arrayContaining(['pricing.duration.day', 'pricing.duration.month', 'pricing.every.week', 'pricing.freeTrial']));
  });

  describe.each(LANGUAGES)('%s', (lng) => {
    const needed = [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories].sort();
    const forms = pluralForms(lng);

    it.each([...pluralKeys])('%s has every category the language needs and no other', (key) => {
      expect([...(forms.get(key) ?? [])].sort(), `${lng}: ${key}`).toEqual(needed);
    });
  });

  describe('as i18next reads them', () => {
    const instance = i18next.createInstance();
    beforeAll(async () => {
      await instance.init({ resources: Object.fromEntries(['ru', 'ar', 'uk', 'ja', 'en'].map((l) => [l, { translation: load(l) }])), lng: 'en', fallbackLng: false, interpolation: { escapeValue: false } });
    });
    const days = (lng: string, count: number): string => instance.getFixedT(lng)('pricing.duration.day', { count });

    it('writes Russian and Ukrainian days in the form of each count', () => {
      expect([1, 2, 5, 11, 21, 22, 28].map((n) => days('ru', n))).toEqual(['1 день', '2 дня', '5 дней', '11 дней', '21 день', '22 дня', '28 дней']);
      expect([1, 3, 7, 56].map((n) => days('uk', n))).toEqual(['1 день', '3 дні', '7 днів', '56 днів']);
    });

    it('writes Arabic days in all six forms', () => {
      expect([1, 2, 3, 11, 100].map((n) => days('ar', n))).toEqual(['يوم واحد', 'يومان', '3 أيام', '11 يومًا', '100 يوم']);
      expect(days('ar', 0)).toBe('0 يوم');
    });

    it('keeps one form in Japanese and two in English', () => {
      expect([1, 3].map((n) => days('ja', n))).toEqual(['1日間', '3日間']);
      expect([1, 3].map((n) => days('en', n))).toEqual(['1 day', '3 days']);
      expect(instance.getFixedT('ru')('pricing.every.month', { count: 3 })).toBe('каждые 3 месяца');
    });
  });
});
