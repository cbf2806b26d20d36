/**
 * The `typed-period` rule (engine/validate/typedPeriod.ts): a period typed into a commerce text is
 * found in each of the 13 languages, in Latin or Arabic-Indic digits or Chinese numerals, while
 * numbers beside other words, rates per one day and placeholders pass, and the product's own locales
 * have none.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languageCodes } from '../../engine/index.ts';
import { isCommerceKey, typedPeriod } from '../../engine/validate/index.ts';
import { commerceRules } from '../../screens/product/commerceRules.ts';
import { languages } from '../../screens/product/languages.ts';

const root = new URL('../../', import.meta.url).pathname;

const TYPED: Array<[string, string, string]> = [
  ['en', '30-day money-back guarantee', '30-day'],
  ['en', 'then 3 months free', '3 months'],
  ['de', '3-Monatsabo', '3-Monatsabo'],
  ['de', '30 Tage Geld-zurück-Garantie', '30 Tage'],
  ['es', 'Plan de 3 meses', '3 meses'],
  ['fr', 'Formule 6 mois', '6 mois'],
  ['it', 'Piano da 28 giorni', '28 giorni'],
  ['pt', 'Plano de 1 mês', '1 mês'],
  ['ru', 'Тариф на 3 месяца', '3 месяца'],
  ['uk', 'Тариф на 56 днів', '56 днів'],
  ['tr', '3 aylık plan', '3 aylık'],
  ['ar', 'خطة لمدة ٣ أشهر', '٣ أشهر'],
  ['ar', 'ضمان استرداد الأموال لمدة 30 يومًا', '30 يومًا'],
  ['ja', '30日間返金保証', '30日'],
  ['ja', '３か月プラン', '３か月'],
  ['ko', '30일 환불 보장', '30일'],
  ['zh', '三个月方案', '三个月'],
];

const ALLOWED: Array<[string, string]> = [
  ['en', '{{count}}-day money-back guarantee'],
  ['en', 'Pay with a card that asks for 3-D Secure'],
  ['en', 'Enter the 3- or 4-digit security code.'],
  ['en', 'Rated {{rating}} out of 5'],
  ['en', 'Use a test card such as 4242 4242 4242 4242.'],
  ['fr', 'Saisissez le code de sécurité à 3 ou 4 chiffres.'],
  ['tr', '3 ayrı plan'],
  ['ru', 'Введите код безопасности из 3 или 4 цифр.'],
  ['ja', '1日あたり'],
  ['ja', '1週間あたり'],
  ['ko', '1일당'],
  ['zh', '第一个月'],
];

describe('a period typed into a text', () => {
  it.each(TYPED)('is found in %s: "%s"', (language, text, found) => {
    expect(typedPeriod(text, language)).toBe(found);
  });

  it.each(ALLOWED)('is not found in %s: "%s"', (language, text) => {
    expect(typedPeriod(text, language)).toBeUndefined();
  });

  it("is looked for in the product's commerce texts only (its configuration, not the engine, names them)", () => {
    const isCommerce = (key: string): boolean => isCommerceKey(key, commerceRules.texts);
    const [namespace] = commerceRules.texts;
    expect([`${namespace}.name.plan.month_other`, namespace!].every(isCommerce)).toBe(true);
    expect([`${namespace}x.title`, 'common.skip'].some(isCommerce)).toBe(false);
    expect(isCommerceKey(`${namespace}.title`, [])).toBe(false);
  });

  it.each(languageCodes(languages))('is in no commerce text of locales/%s.json', (language) => {
    const found: string[] = [];
    const walk = (node: unknown, key: string): void => {
      if (typeof node === 'string') {
        if (isCommerceKey(key, commerceRules.texts) && typedPeriod(node, language)) found.push(`${key}: ${node}`);
      } else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
    };
    walk(JSON.parse(readFileSync(join(root, 'locales', `${language}.json`), 'utf8')), '');
    expect(found).toEqual([]);
  });
});
