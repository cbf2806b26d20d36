/**
 * The numbers behind honest paywall wording: the locale amounts and dates are written in, when a free
 * trial's first payment is due, a discount against the regular price, and a per-day ladder that makes
 * sense in every variant of flows/landings.json.
 */
import plans from '../../flows/plans.json';
import arabic from '../../locales/ar.json';
import { funnelData } from '../../screens/flowData.ts';
import type { Plan } from '../../engine/index.ts';
import { getVariant, variantIds } from '../../engine/index.ts';
import { formatDate, formatMoney, formatPercent, formattingLocale, ladderIssues, trialEnd } from '../../engine/index.ts';
import { discountAgainst } from '../../screens/product/discounts.ts';

const catalogue = plans.plans as Record<string, Plan>;
const plan = (name: string): Plan => catalogue[name]!;

describe('formatting locale', () => {
  it("takes the browser's full locale for the interface language, else the language", () => {
    expect(formattingLocale('ar', ['ar-EG', 'en-US'])).toBe('ar-EG-u-nu-latn');
    expect(formattingLocale('pt', ['en-US', 'pt-br'])).toBe('pt-BR');
    expect(formattingLocale('de', ['en-US'])).toBe('de');
    expect(formattingLocale('ar', ['ar-@@'])).toBe('ar');
  });

  it('writes every number in Latin digits, as the locale files do, whatever the Arabic locale', () => {
    const arabicIndic = /[\u0660-\u0669\u06f0-\u06f9]/;
    for (const browser of ['ar-EG', 'ar-SA', 'ar-AE', 'ar']) {
      const locale = formattingLocale('ar', [browser]);
      expect(formatMoney(59.88, locale, 'USD'), browser).toBe('\u200f59.88\u00a0US$');
      expect(formatPercent(0.5, locale), browser).not.toMatch(arabicIndic);
      expect(formatPercent(0.5, locale), browser).toContain('50');
      expect(formatDate(new Date(2026, 10, 26), locale), browser).toMatch(/^26 .+ 2026$/);
      expect(new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format(4.6), browser).toBe('4.6');
    }
    // the texts themselves: counts, step counters and plan names are written in Latin digits
    const texts = JSON.stringify(arabic);
    expect(texts).toMatch(/\d/);
    expect(texts).not.toMatch(arabicIndic);
  });

  it('writes Arabic prices with the locale, without a US prefix', () => {
    // what Intl alone would write for Egypt: formattingLocale never hands the screens such a locale
    expect(formatMoney(59.88, 'ar-EG', 'USD')).toBe('\u200f٥٩٫٨٨\u00a0US$');
    expect(formatMoney(59.88, 'ar', 'USD')).toBe('\u200f59.88\u00a0US$');
    expect(formatMoney(59.88, 'ja', 'USD')).toBe('$59.88');
  });

  it('writes dates and percentages in the locale', () => {
    const date = new Date(2026, 10, 26);
    expect(formatDate(date, 'en')).toBe('November 26, 2026');
    expect(formatDate(date, 'de')).toBe('26. November 2026');
    expect(formatDate(date, 'ja')).toBe('2026年11月26日');
    expect(formatPercent(0.5, 'en')).toBe('50%');
    expect(formatPercent(0.4, 'de')).toBe('40\u00a0%');
  });
});

describe('trial end', () => {
  it('is the day the trial is over, across a month end', () => {
    expect(trialEnd(new Date(2026, 10, 23, 10), 3)).toEqual(new Date(2026, 10, 26, 10));
    expect(trialEnd(new Date(2026, 11, 30), 3)).toEqual(new Date(2027, 0, 2));
  });
});

describe('discount', () => {
  const regular = ['gz-1-month-tiger', 'gz-3-month-fox', 'gz-6-month-panther'].map(plan);

  it('is measured against the regular plan of the same length', () => {
    expect(discountAgainst(plan('gz-1-month-tomato'), regular)).toEqual({ original: 39.96, fraction: 0.5 });
    expect(discountAgainst(plan('gz-3-month-garlic'), regular)).toEqual({ original: 59.88, fraction: 0.4 });
  });

  it('is none for a regular price, a length the regular plans lack, or a free trial', () => {
    expect(discountAgainst(plan('gz-6-month-panther'), regular)).toBeUndefined();
    expect(discountAgainst(plan('gz-1-week-cucumber'), regular)).toBeUndefined();
    expect(discountAgainst(plan('gz-monthly-free3d-2999'), regular)).toBeUndefined();
  });
});

describe('per-day ladder', () => {
  it('finds a longer plan that costs more per day, equal prices per day and a shorter plan dearer in total', () => {
    expect(ladderIssues(['gz-1-month-tychyna', 'gz-3-month-kostenko'].map(plan))).toEqual([
      'gz-3-month-kostenko costs more per day than the shorter gz-1-month-tychyna',
    ]);
    expect(ladderIssues(['gz-3-month-garlic', 'gz-6-month-panther'].map(plan))).toEqual(['gz-3-month-garlic and gz-6-month-panther both cost 0.4 per day']);
    expect(ladderIssues(['gz-1-week-red-persik', 'gz-1-month-tychyna'].map(plan))).toEqual([
      'gz-1-week-red-persik costs more in total than the longer gz-1-month-tychyna',
    ]);
  });

  it.each(variantIds(funnelData.landings))('makes sense in the %s variant', (id) => {
    const variant = getVariant(funnelData.landings, id)!;
    expect(ladderIssues(variant.plans.map(plan))).toEqual([]);
  });
});
