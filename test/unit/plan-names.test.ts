/**
 * Plan names and the money-back guarantee made from the data (screens/ui/planNames.ts): for every plan
 * of flows/plans.json, the name in English, Arabic, Russian and Japanese says the period the plan renews
 * at, in the language's plural form and digits, and the add-on keeps its product name. The expected
 * words are spelt out here, so a translation that picks the wrong form fails.
 */
import type { TFunction } from 'i18next';
import type { Duration, Plan } from '../../engine/index.ts';
import { getVariant, planPricing, variantIds } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { formatCount, moneyBackText, namingPeriod, planNameText } from '../../screens/ui/planNames.ts';
import { firstPeriodText, localeFormat, planPriceText } from '../../screens/ui/priceTexts.ts';
import { localeTranslator } from './localeTranslator.ts';

const translator = localeTranslator;

const plans = Object.values(funnelData.plans.plans);
const upsell = funnelData.plans.upsell;
const named = (plan: Plan) => [plan.name, plan] as const;

/** Russian plural form of a count by the grammar (1, 21 / 2–4, 22–24 / the rest). */
function russianForm(count: number): 'one' | 'few' | 'many' {
  const [ten, hundred] = [count % 10, count % 100];
  if (ten === 1 && hundred !== 11) return 'one';
  if (ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)) return 'few';
  return 'many';
}

const RUSSIAN_WORDS: Record<Duration['unit'], Record<'one' | 'few' | 'many', string>> = {
  day: { one: 'день', few: 'дня', many: 'дней' },
  week: { one: 'неделю', few: 'недели', many: 'недель' },
  month: { one: 'месяц', few: 'месяца', many: 'месяцев' },
};

/** The Arabic period after "لـ" or "لمدة": one and two in the noun, 3–10 the plural, 11–99 the singular accusative, 100 the singular. */
const ARABIC_WORDS: Record<Duration['unit'], { one: string; two: string; few: string; many: string; other: string }> = {
  day: { one: 'ليوم واحد', two: 'ليومين', few: 'أيام', many: 'يومًا', other: 'يوم' },
  week: { one: 'لأسبوع واحد', two: 'لأسبوعين', few: 'أسابيع', many: 'أسبوعًا', other: 'أسبوع' },
  month: { one: 'لشهر واحد', two: 'لشهرين', few: 'أشهر', many: 'شهرًا', other: 'شهر' },
};

function arabicPeriod({ count, unit }: Duration, locale: string): string {
  const words = ARABIC_WORDS[unit];
  if (count === 1) return words.one;
  if (count === 2) return words.two;
  const rest = count % 100;
  return `لمدة ${formatCount(count, locale)} ${rest >= 3 && rest <= 10 ? words.few : rest >= 11 ? words.many : words.other}`;
}

const JAPANESE_UNITS: Record<Duration['unit'], string> = { day: '日', week: '週間', month: 'か月' };

/** An intro offer shorter than the period it renews at is named after both: "<the plan it renews as><separator><the offer>". */
function introOf(plan: Plan, offer: string, planName: (period: Duration) => string, separator: string): string {
  const first = namingPeriod(plan);
  const renewal = planPricing(plan).renewalPeriod;
  return plan.kind === 'intro' && (first.count !== renewal.count || first.unit !== renewal.unit) ? `${planName(renewal)}${separator}${offer}` : offer;
}

describe('plan names made from the plan', () => {
  const ts: Record<string, TFunction> = {};
  beforeAll(async () => {
    for (const language of ['en', 'ar', 'ru', 'ja']) ts[language] = await translator(language);
  });

  it('names each plan by the period it renews at, and an intro offer by how long its intro lasts (a 3-day intro of a 3-month plan is a 3-day intro offer)', () => {
    for (const plan of plans) expect(namingPeriod(plan)).toEqual(plan.kind === 'intro' ? planPricing(plan).firstPeriod : planPricing(plan).renewalPeriod);
    expect(plans.some((p) => p.kind === 'intro' && p.renewal && p.renewal.duration.unit !== p.duration.unit)).toBe(true);
  });

  it.each(plans.filter((p) => p.kind === 'intro').map(named))(
    '%s: its name and its price sentence speak of the same intro length, and the sentence says what follows',
    (_, plan) => {
      const t = ts.en!;
      const format = localeFormat('en', 'en', false);
      const { firstPeriod, renewal } = planPricing(plan);
      const sentence = planPriceText(t, plan, format, new Date(Date.UTC(2026, 10, 28)));
      expect(planNameText(t, plan, format)).toContain(`${firstPeriod.count}-${firstPeriod.unit} intro offer`);
      expect(sentence).toContain(firstPeriodText(t, firstPeriod));
      // an intro renews at another price or period than its own, and says so
      expect(sentence).toContain(format.money(renewal));
      expect(renewal !== plan.price || JSON.stringify(planPricing(plan).renewalPeriod) !== JSON.stringify(plan.duration)).toBe(true);
    },
  );

  it.each(plans.map(named))('%s in English', (_, plan) => {
    const { count, unit } = namingPeriod(plan);
    const suffix = { plan: 'plan', intro: 'intro offer', trial: 'plan with a free trial', addon: '' }[plan.kind];
    const name = introOf(plan, `${count}-${unit} ${suffix}`, (p) => `${p.count}-${p.unit} plan`, ' · ');
    expect(planNameText(ts.en!, plan, localeFormat('en', 'en', false))).toBe(name);
  });

  it.each(plans.map(named))('%s in Russian, in the grammatical number of its count', (_, plan) => {
    const period = namingPeriod(plan);
    const inWords = (p: Duration): string => `${p.count} ${RUSSIAN_WORDS[p.unit][russianForm(p.count)]}`;
    const words = inWords(period);
    const expected = {
      plan: `Тариф на ${words}`,
      intro: introOf(plan, `Вводное предложение на ${words}`, (p) => `Тариф на ${inWords(p)}`, ' · '),
      trial: `Тариф на ${words} с бесплатным пробным периодом`,
      addon: '',
    };
    expect(planNameText(ts.ru!, plan, localeFormat('ru', 'ru', false))).toBe(expected[plan.kind]);
  });

  it.each(plans.map(named))('%s in Arabic, in the digits of the page (ar-EG) and the form of its count', (_, plan) => {
    const format = localeFormat('ar', 'ar-EG', true);
    const period = arabicPeriod(namingPeriod(plan), format.locale);
    const intro = introOf(plan, `عرض تمهيدي ${period}`, (p) => `خطة ${arabicPeriod(p, format.locale)}`, ' · ');
    const expected = { plan: `خطة ${period}`, intro, trial: `خطة ${period} مع فترة تجريبية مجانية`, addon: '' };
    const name = planNameText(ts.ar!, plan, format);
    expect(name).toBe(expected[plan.kind]);
    // the same digits as the prices beside it
    expect(name).not.toMatch(/[0-9]/);
  });

  it.each(plans.map(named))('%s in Japanese, the count joined to its counter', (_, plan) => {
    const { count, unit } = namingPeriod(plan);
    const period = `${count}${JAPANESE_UNITS[unit]}`;
    // an offer lasts "3日間" (for three days), a plan is a "28日プラン"
    const lasting = unit === 'day' ? `${count}日間` : period;
    const intro = introOf(plan, `${lasting}のお試しオファー`, (p) => `${p.count}${JAPANESE_UNITS[p.unit]}プラン`, '・');
    const expected = { plan: `${period}プラン`, intro, trial: `無料トライアル付き${period}プラン`, addon: '' };
    expect(planNameText(ts.ja!, plan, localeFormat('ja', 'ja', false))).toBe(expected[plan.kind]);
  });

  it.each(variantIds(funnelData.landings))('gives the plans of the %s paywall names of their own', (id) => {
    const offered = getVariant(funnelData.landings, id)?.plans ?? [];
    const names = offered.map((name) => planNameText(ts.en!, funnelData.plans.plans[name]!, localeFormat('en', 'en', false)));
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps the product name of the add-on', () => {
    expect(upsell.kind).toBe('addon');
    expect(planNameText(ts.en!, upsell, localeFormat('en', 'en', false))).toBe('Driver SOS add-on');
    expect(planNameText(ts.ja!, upsell, localeFormat('ja', 'ja', false))).toBe('Driver SOS オプション');
  });

  it('writes two-week, eleven-month and hundred-day plans in the dual, the accusative singular and the singular in Arabic, and 21 days as one in Russian', () => {
    const plan = (count: number, unit: Duration['unit']): Plan => ({
      ...plans[0]!,
      kind: 'plan',
      renewal: undefined,
      trialDays: undefined,
      duration: { count, unit },
    });
    const ar = localeFormat('ar', 'ar', true);
    expect(planNameText(ts.ar!, plan(2, 'week'), ar)).toBe('خطة لأسبوعين');
    expect(planNameText(ts.ar!, plan(11, 'month'), ar)).toBe('خطة لمدة 11 شهرًا');
    expect(planNameText(ts.ar!, plan(100, 'day'), ar)).toBe('خطة لمدة 100 يوم');
    expect(planNameText(ts.ru!, plan(21, 'day'), localeFormat('ru', 'ru', false))).toBe('Тариф на 21 день');
  });
});

describe('the money-back guarantee made from its days', () => {
  const days = [...new Set(variantIds(funnelData.landings).flatMap((id) => getVariant(funnelData.landings, id)?.paywall.moneyBackDays ?? []))];

  it('is offered by some variant', () => {
    expect(days.length).toBeGreaterThan(0);
  });

  it.each(days)('%i days in English, Russian, Arabic and Japanese', async (count) => {
    const [en, ru, ar, ja] = await Promise.all(['en', 'ru', 'ar', 'ja'].map(translator));
    expect(moneyBackText(en!, count, localeFormat('en', 'en', false))).toBe(`${count}-day money-back guarantee`);
    const ruDays = { one: 'дня', few: 'дней', many: 'дней' }[russianForm(count)];
    expect(moneyBackText(ru!, count, localeFormat('ru', 'ru', false))).toBe(`Гарантия возврата денег в течение ${count} ${ruDays}`);
    expect(moneyBackText(ar!, count, localeFormat('ar', 'ar-EG', true))).toBe(`ضمان استرداد الأموال ${arabicPeriod({ count, unit: 'day' }, 'ar-EG')}`);
    expect(moneyBackText(ja!, count, localeFormat('ja', 'ja', false))).toBe(`${count}日間返金保証`);
  });
});
