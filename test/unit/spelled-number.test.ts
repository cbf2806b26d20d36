/**
 * The `spelled-number` rule (engine/validate/spelledNumber.ts): a period or an amount written out in
 * words is found in each of the 13 languages, while number words beside other words, ordinals, rates
 * and placeholders pass, and the product's own commerce texts have none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageCodes } from '../../engine/index.ts';
import { isCommerceKey, spelledNumber } from '../../engine/validate/index.ts';
import { commerceRules } from '../../screens/product/commerceRules.ts';
import { languages } from '../../screens/product/languages.ts';

const root = new URL('../../', import.meta.url).pathname;

const SPELLED: Array<[string, string, string]> = [
  ['en', 'Thirty-day money-back guarantee', 'Thirty-day'],
  ['en', 'only ninety-nine cents today', 'ninety-nine cents'],
  ['en', 'twenty four months of safety', 'twenty four months'],
  ['de', 'dreißig Tage Geld-zurück-Garantie', 'dreißig Tage'],
  ['de', 'neunundneunzig Cent', 'neunundneunzig Cent'],
  ['de', 'Dreimonatsabo', 'Dreimonatsabo'],
  ['es', 'Garantía de treinta días', 'treinta días'],
  ['fr', 'Garantie trente jours', 'trente jours'],
  ['fr', 'quatre-vingt-dix-neuf centimes', 'quatre-vingt-dix-neuf centimes'],
  ['it', 'Garanzia di trenta giorni', 'trenta giorni'],
  ['it', 'novantanove centesimi', 'novantanove centesimi'],
  ['pt', 'Garantia de trinta dias', 'trinta dias'],
  ['ru', 'Гарантия тридцать дней', 'тридцать дней'],
  ['uk', 'Гарантія тридцять днів', 'тридцять днів'],
  ['uk', "дев'яносто дев'ять центів", "дев'яносто дев'ять центів"],
  ['tr', 'otuz gün para iade garantisi', 'otuz gün'],
  ['ar', 'ضمان استرداد لمدة ثلاثين يومًا', 'ثلاثين يومًا'],
  ['ar', 'تسعة وتسعون سنتًا', 'تسعة وتسعون سنتًا'],
  ['ja', '九十九セントで始める', '九十九セント'],
  ['ja', 'ひと月無料', 'ひと月'],
  ['ko', '한 달 무료', '한 달'],
  ['ko', '삼십 일 환불 보장', '삼십 일'],
  ['zh', '九十九美分起', '九十九美分'],
];

const ALLOWED: Array<[string, string]> = [
  ['en', '{{count}}-day money-back guarantee'],
  ['en', 'One of the best apps for families'],
  ['en', 'Cancel anytime in the app settings.'],
  ['de', 'Acht geben lohnt sich'],
  ['it', 'Sei al sicuro ogni giorno'],
  ['ru', 'Вся семья на связи'],
  ['tr', 'Bir aile planı'],
  ['ko', '한 달에 한 번 청구'],
  ['ja', 'ひと月あたり'],
  ['zh', '第一个月'],
];

describe('a number written out in words', () => {
  it.each(SPELLED)('is found in %s: "%s"', (language, text, found) => {
    expect(spelledNumber(text, language)).toBe(found);
  });

  it.each(ALLOWED)('is not found in %s: "%s"', (language, text) => {
    expect(spelledNumber(text, language)).toBeUndefined();
  });

  it('covers every language of the product', () => {
    const covered = new Set(SPELLED.map(([language]) => language));
    expect(languageCodes(languages).filter((code) => !covered.has(code))).toEqual([]);
  });

  it.each(languageCodes(languages))('is in no commerce text of locales/%s.json (the counted plural forms aside)', (language) => {
    const found: string[] = [];
    const walk = (node: unknown, key: string): void => {
      if (typeof node === 'string') {
        if (isCommerceKey(key, commerceRules.texts) && !/_(?:zero|one|two)$/.test(key) && spelledNumber(node, language)) found.push(`${key}: ${node}`);
      } else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
    };
    walk(JSON.parse(readFileSync(join(root, 'locales', `${language}.json`), 'utf8')), '');
    expect(found).toEqual([]);
  });
});
