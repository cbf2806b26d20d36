/**
 * The price story and the sentences made from it (screens/ui/priceTexts.ts): exact wording for a
 * plain plan, an intro price, a free trial and a discount in English, Japanese and Arabic, written
 * from plans defined here; and, for every plan of flows/plans.json in every language, sentences that
 * name the amounts the plan charges, fill every placeholder and end with the one cancellation sentence.
 */
import type { TFunction } from 'i18next';
import type { Plan } from '../../engine/index.ts';
import { formatMoney, isIntro, languageCodes, periodEnd, planPricing } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { languages } from '../../screens/product/languages.ts';
import {
  cancelText,
  discountText,
  localeFormat,
  nextPaymentText,
  payTexts,
  prepareLocaleFormat,
  planPriceText,
  recurringText,
  renewalTermsText,
  upsellPriceTexts,
  type LocaleFormat,
} from '../../screens/ui/priceTexts.ts';
import { localeTranslator } from './localeTranslator.ts';

const LANGUAGES = languageCodes(languages);

const translator = localeTranslator;

const format = (language: string): LocaleFormat => localeFormat(language, language, language === 'ar');

const month = (count: number) => ({ count, unit: 'month' as const });
const day = (count: number) => ({ count, unit: 'day' as const });
const base = { kind: 'plan' as const, productId: 'prod_test' };
const plain: Plan = { ...base, name: 'plain', price: 59.88, periodPrice: 59.88, duration: month(3) };
const intro: Plan = { ...base, name: 'intro', price: 0.99, periodPrice: 0.99, duration: day(3), renewal: { price: 39.99, duration: month(3) } };
const trial: Plan = { ...base, kind: 'trial', name: 'trial', price: 29.99, periodPrice: 0, duration: month(1), trialDays: 3 };
const firstPayment: Plan = { ...base, name: 'first', price: 19.96, periodPrice: 19.96, duration: month(1), renewal: { price: 39.96, duration: month(1) } };
const recurring: Plan = { ...base, name: 'recurring', price: 19.96, periodPrice: 19.96, duration: month(1) };
const upsell: Plan = { ...base, name: 'upsell', price: 9.99, periodPrice: 9.99, duration: month(1) };
const half = { original: 39.96, fraction: 0.5 };
const now = new Date(2026, 10, 25, 12);

describe('the price story of a plan', () => {
  it('reads a plain plan, an intro price, a free trial and a first-payment discount', () => {
    expect(planPricing(plain)).toMatchObject({ kind: 'plain', dueToday: 59.88, firstPeriod: month(3), renewal: 59.88, renewalPeriod: month(3) });
    expect(planPricing(intro)).toMatchObject({ kind: 'intro', dueToday: 0.99, firstPeriod: day(3), renewal: 39.99, renewalPeriod: month(3) });
    expect(planPricing(trial)).toMatchObject({ kind: 'trial', dueToday: 0, firstPeriod: day(3), renewal: 29.99, renewalPeriod: month(1) });
    expect(planPricing(firstPayment)).toMatchObject({ kind: 'intro', dueToday: 19.96, renewal: 39.96, renewalPeriod: month(1) });
    expect(planPricing(recurring).kind).toBe('plain');
  });

  it('counts a renewal that repeats the first payment as no intro at all', () => {
    expect(isIntro({ ...plain, renewal: { price: 59.88, duration: { count: 13, unit: 'week' } } })).toBe(true);
    expect(isIntro({ ...plain, renewal: { price: 59.88, duration: month(3) } })).toBe(false);
  });

  it('ends a period by the calendar for months and by days otherwise', () => {
    expect(periodEnd(new Date(2026, 10, 25), day(3))).toEqual(new Date(2026, 10, 28));
    expect(periodEnd(new Date(2026, 10, 25), { count: 1, unit: 'week' })).toEqual(new Date(2026, 11, 2));
    expect(periodEnd(new Date(2026, 10, 25), month(3))).toEqual(new Date(2027, 1, 25));
    expect(periodEnd(new Date(2027, 0, 31), month(1))).toEqual(new Date(2027, 1, 28));
  });

  it('follows the intro note of spec section 9 in the catalogue: $0.99 for the first 3 days, then the renewal', () => {
    const intros = Object.values(funnelData.plans.plans).filter((p) => planPricing(p).kind === 'intro' && p.duration.unit === 'day');
    expect(intros.length).toBeGreaterThan(0);
    for (const p of intros) expect(planPricing(p).renewal).toBeGreaterThan(p.price);
  });
});

describe('price sentences in English', () => {
  let t: TFunction;
  const en = format('en');
  beforeAll(async () => {
    t = await translator('en');
  });

  it('say what each plan charges, for how long and what follows', () => {
    expect(planPriceText(t, plain, en, now)).toBe('$59.88 for 3 months');
    expect(planPriceText(t, intro, en, now)).toBe('$0.99 for the first 3 days, then $39.99 every 3 months');
    expect(planPriceText(t, trial, en, now)).toBe('Due today $0.00, then $29.99 per month from November 28, 2026.');
    expect(planPriceText(t, firstPayment, en, now)).toBe('$19.96 for the first month, then $39.96 per month');
  });

  it('word the renewal terms one way (every N months) with the one cancellation sentence', () => {
    const cancel = 'Cancel anytime in the app settings.';
    expect(cancelText(t)).toBe(cancel);
    expect(renewalTermsText(t, plain, en, now)).toBe(`Renews automatically at $59.88 every 3 months until you cancel. ${cancel}`);
    expect(renewalTermsText(t, intro, en, now)).toBe(
      `After the introductory period, it renews automatically at $39.99 every 3 months until you cancel. ${cancel}`,
    );
    expect(renewalTermsText(t, trial, en, now)).toBe(
      `Cancel before November 28, 2026 and you won't be charged. Otherwise it renews automatically at $29.99 per month until you cancel. ${cancel}`,
    );
  });

  it('say whether a discount holds at renewal, as the plan data says', () => {
    expect(discountText(t, firstPayment, half, en)).toBe('50% off your first payment, then $39.96 per month.');
    expect(discountText(t, recurring, half, en)).toBe('50% off every payment, renewals included.');
  });

  it('give the checkout, the wallet sheet, the receipt and the upsell the same words', () => {
    expect(payTexts(t, trial, en, 'Pay', now)).toEqual({
      cta: 'Start free trial',
      due: planPriceText(t, trial, en, now),
      terms: renewalTermsText(t, trial, en, now),
    });
    expect(payTexts(t, plain, en, 'Pay $59.88', now)).toEqual({ cta: 'Pay $59.88', terms: renewalTermsText(t, plain, en, now) });
    expect(recurringText(t, plain, en, now)).toBe('$59.88 every 3 months');
    expect(recurringText(t, intro, en, now)).toBe(planPriceText(t, intro, en, now));
    expect(nextPaymentText(t, intro, en, now)).toBe('Renews automatically at $39.99 every 3 months from November 28, 2026.');
    expect(nextPaymentText(t, plain, en, now)).toBe('Renews automatically at $59.88 every 3 months from February 25, 2027.');
    expect(upsellPriceTexts(t, upsell, en)).toEqual({ price: '$9.99/month', chargedTo: 'Charged to the payment method you just used.' });
  });
});

describe('price sentences in Japanese and Arabic', () => {
  it('follow the word order of Japanese', async () => {
    const t = await translator('ja');
    const ja = format('ja');
    expect(planPriceText(t, intro, ja, now)).toBe('最初の3日間は$0.99、その後は3か月ごとに$39.99');
    expect(planPriceText(t, trial, ja, now)).toBe('本日のお支払いは$0.00です。2026年11月28日から毎月$29.99となります。');
    expect(renewalTermsText(t, plain, ja, now)).toBe('解約するまで3か月ごとに$59.88で自動更新されます。アプリの設定からいつでも解約できます。');
    expect(discountText(t, firstPayment, half, ja)).toBe('初回のお支払いが50%オフ、その後は毎月$39.96。');
    expect(upsellPriceTexts(t, upsell, ja).price).toBe('$9.99/月');
  });

  it('keep every Arabic amount left to right and use the dual and plural forms', async () => {
    const t = await translator('ar');
    const ar = format('ar');
    const money = (amount: number) => `\u2066${formatMoney(amount, 'ar', 'USD')}\u2069`;
    expect(planPriceText(t, plain, ar, now)).toBe(`${money(59.88)} لمدة 3 أشهر`);
    expect(planPriceText(t, intro, ar, now)).toBe(`${money(0.99)} خلال أول 3 أيام، ثم ${money(39.99)} كل 3 أشهر`);
    expect(planPriceText(t, { ...intro, duration: day(2) }, ar, now)).toBe(`${money(0.99)} خلال أول يومين، ثم ${money(39.99)} كل 3 أشهر`);
    expect(renewalTermsText(t, plain, ar, now)).toBe(
      `يتجدد الاشتراك تلقائيًا بسعر ${money(59.88)} كل 3 أشهر إلى أن تلغيه. يمكنك الإلغاء في أي وقت من إعدادات التطبيق.`,
    );
    expect(discountText(t, recurring, half, ar)).toBe(`خصم ${new Intl.NumberFormat('ar', { style: 'percent' }).format(0.5)} على كل دفعة، ويشمل التجديدات.`);
  });
});

describe.each(LANGUAGES)('every plan of flows/plans.json in %s', (language) => {
  let t: TFunction;
  const f = format(language);
  beforeAll(async () => {
    t = await translator(language);
  });
  const plans = [...Object.values(funnelData.plans.plans), funnelData.plans.upsell].filter((p) => !p.free);

  it.each(plans.map((p) => [p.name, p] as const))('%s: names what it charges, fills every placeholder, cancels one way', (_, plan) => {
    const pricing = planPricing(plan);
    const line = planPriceText(t, plan, f, now);
    const terms = renewalTermsText(t, plan, f, now);
    for (const text of [line, terms, recurringText(t, plan, f, now), nextPaymentText(t, plan, f, now)]) expect(text).not.toMatch(/\{\{|pricing\./);
    expect(line).toContain(f.money(pricing.dueToday));
    expect(terms).toContain(f.money(pricing.renewal));
    if (pricing.kind !== 'plain') expect(line).toContain(f.money(pricing.renewal));
    expect(terms.endsWith(cancelText(t))).toBe(true);
    expect(terms.split(cancelText(t)).length).toBe(2);
  });
});

describe('prepareLocaleFormat', () => {
  it("builds the locale's date format ahead, and a screen's render then reuses it", () => {
    const Real = Intl.DateTimeFormat;
    const made: unknown[] = [];
    // counts the formats built, and builds them as Intl does
    Intl.DateTimeFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made.push(args[0]);
      }
    } as typeof Real;
    try {
      // Swahili: no other test formats in it, so its format is not built yet
      prepareLocaleFormat('sw');
      expect(made).toEqual(['sw']);
      expect(localeFormat('sw', 'sw', false).date(new Date(2026, 10, 26))).toContain('2026');
      expect(made).toEqual(['sw']);
    } finally {
      Intl.DateTimeFormat = Real;
    }
  });
});
