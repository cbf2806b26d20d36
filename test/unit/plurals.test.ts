/**
 * Every text with a count has, in every language, exactly the plural forms that language needs
 * (Intl.PluralRules: en one/other, ru one/few/many/other, ar zero/one/two/few/many/other, ja other…),
 * and i18next picks the right one for real counts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { languageCodes } from '../../engine/index.ts';
import { languages } from '../../screens/product/languages.ts';

const LANGUAGES = languageCodes(languages);

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
    expect([...pluralKeys]).toEqual(
      expect.arrayContaining([
        'pricing.duration.day',
        'pricing.duration.month',
        'pricing.every.week',
        'pricing.freeTrial',
        'pricing.first.day',
        'offerBadge.trial',
        'family.errors.nameTooLong',
        'family.errors.circleNameTooShort',
        'family.errors.circleNameTooLong',
        'family.errors.codeShape',
        'family.errors.addressTooLong',
      ]),
    );
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
      await instance.init({
        resources: Object.fromEntries(['ru', 'ar', 'uk', 'ja', 'en'].map((l) => [l, { translation: load(l) }])),
        lng: 'en',
        fallbackLng: false,
        interpolation: { escapeValue: false },
      });
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

    const text = (lng: string, key: string, count: number, values: Record<string, string> = {}): string => instance.getFixedT(lng)(key, { count, ...values });
    it('counts the days of a free trial and of an intro price in each language', () => {
      expect([1, 3, 7].map((n) => text('en', 'pricing.freeTrial', n))).toEqual(['1-day free trial', '3-day free trial', '7-day free trial']);
      expect([1, 3, 5, 21].map((n) => text('ru', 'pricing.freeTrial', n))).toEqual([
        '1 день бесплатно',
        '3 дня бесплатно',
        '5 дней бесплатно',
        '21 день бесплатно',
      ]);
      expect([1, 3, 7].map((n) => text('uk', 'pricing.freeTrial', n))).toEqual(['1 день безкоштовно', '3 дні безкоштовно', '7 днів безкоштовно']);
      expect([1, 2, 3, 14].map((n) => text('ar', 'pricing.freeTrial', n))).toEqual([
        'تجربة مجانية ليوم واحد',
        'تجربة مجانية ليومين',
        'تجربة مجانية لمدة 3 أيام',
        'تجربة مجانية لمدة 14 يومًا',
      ]);
      expect([3, 5, 21].map((n) => text('ru', 'pricing.first.day', n))).toEqual(['первые 3 дня', 'первые 5 дней', 'первый 21 день']);
      expect([2, 3, 11].map((n) => text('ar', 'pricing.first.day', n))).toEqual(['أول يومين', 'أول 3 أيام', 'أول 11 يومًا']);
    });

    it('counts the characters of the family field limits', () => {
      // "не более" takes the genitive: 1 and 21 символа, 2, 5 and 40 символов
      expect([1, 2, 5, 21, 40].map((n) => text('ru', 'family.errors.nameTooLong', n))).toEqual([
        'Имя может содержать не более 1 символа.',
        'Имя может содержать не более 2 символов.',
        'Имя может содержать не более 5 символов.',
        'Имя может содержать не более 21 символа.',
        'Имя может содержать не более 40 символов.',
      ]);
      expect([1, 2, 30].map((n) => text('uk', 'family.errors.circleNameTooLong', n))).toEqual([
        'Назва Кола може містити не більше ніж 1 символ.',
        'Назва Кола може містити не більше ніж 2 символи.',
        'Назва Кола може містити не більше ніж 30 символів.',
      ]);
      expect([1, 2].map((n) => text('en', 'family.errors.circleNameTooShort', n))).toEqual([
        'The Circle name needs at least 1 character.',
        'The Circle name needs at least 2 characters.',
      ]);
      expect(text('ar', 'family.errors.codeShape', 6)).toBe('يتكون رمز الدعوة من 6 رموز: أحرف لاتينية من A إلى Z وأرقام من 2 إلى 9، مثل K7P-4QX.');
      expect(text('ar', 'family.errors.addressTooLong', 200)).toBe('العنوان طويل جدًا (الحد الأقصى 200 حرف).');
      expect(text('ja', 'family.errors.nameTooLong', 40)).toBe('お名前は40文字以内で入力してください。');
    });
  });
});
