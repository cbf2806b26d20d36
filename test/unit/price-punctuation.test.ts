/**
 * Every sentence made from a plan (screens/ui/priceTexts.ts, planNames.ts), for every plan of
 * flows/plans.json in every language and on a date in each month, reads as written text: no double
 * full stop (a Russian date ends in "г." before the sentence's own stop), no space before a stop, no
 * stop after a comma, and no placeholder left unfilled.
 */
import type { TFunction } from 'i18next';
import type { Plan } from '../../engine/index.ts';
import { languageCodes, planPricing } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { discountAgainst, regularPlans } from '../../screens/product/discounts.ts';
import { languages } from '../../screens/product/languages.ts';
import { moneyBackText, planNameText } from '../../screens/ui/planNames.ts';
import {
  discountText,
  firstChargeText,
  localeFormat,
  nextPaymentText,
  oneStop,
  payTexts,
  planPriceText,
  recurringText,
  renewalTermsText,
  upsellPriceTexts,
  type LocaleFormat,
} from '../../screens/ui/priceTexts.ts';
import { localeTranslator } from './localeTranslator.ts';

const translator = localeTranslator;

// "..", but not an ellipsis; a space, comma or colon before a stop; a stop beside a CJK stop; a placeholder left as written
const BROKEN = /(?<!\.)\.\.(?!\.)|\s\.|[,;:]\.|。\.|\.。|\{\{|\}\}/;

/** The first of each month of a year, so every month name ends a date once. */
const DATES = Array.from({ length: 12 }, (_, month) => new Date(2026, month, 1, 12));

function sentences(t: TFunction, plan: Plan, format: LocaleFormat, now: Date): string[] {
  const pay = payTexts(t, plan, format, 'Pay', now);
  const texts = [
    planNameText(t, plan, format),
    planPriceText(t, plan, format, now),
    renewalTermsText(t, plan, format, now),
    recurringText(t, plan, format, now),
    nextPaymentText(t, plan, format, now),
    pay.terms,
    ...(pay.due ? [pay.due] : []),
  ];
  if (planPricing(plan).kind === 'trial') texts.push(firstChargeText(t, plan, format, now));
  const discount = discountAgainst(plan, regularPlans(funnelData.landings, funnelData.plans));
  if (discount) texts.push(discountText(t, plan, discount, format));
  return texts;
}

describe('one stop after a date that ends in an abbreviation', () => {
  it('keeps one full stop and leaves an ellipsis alone', () => {
    expect(oneStop('будет 28 ноября 2026 г..')).toBe('будет 28 ноября 2026 г.');
    expect(oneStop('Loading...')).toBe('Loading...');
  });
});

describe.each(languageCodes(languages))('the price sentences in %s', (language) => {
  let t: TFunction;
  beforeAll(async () => {
    t = await translator(language);
  });
  const locales = language === 'ar' ? ['ar', 'ar-EG'] : [language];

  it.each(Object.values(funnelData.plans.plans).map((p) => [p.name, p] as const))('%s, on a date in each month', (_, plan) => {
    for (const locale of locales) {
      const format = localeFormat(language, locale, language === 'ar');
      for (const now of DATES) for (const text of sentences(t, plan, format, now)) expect(text, `${locale} ${now.toDateString()}`).not.toMatch(BROKEN);
    }
  });

  it('the upsell and the money-back guarantee', () => {
    const format = localeFormat(language, language, language === 'ar');
    const upsell = upsellPriceTexts(t, funnelData.plans.upsell, format);
    for (const text of [planNameText(t, funnelData.plans.upsell, format), upsell.price, upsell.chargedTo, moneyBackText(t, 30, format)]) {
      expect(text).not.toMatch(BROKEN);
    }
  });
});
