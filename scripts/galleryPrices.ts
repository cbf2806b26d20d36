/**
 * The gallery's price page (gallery/prices.html): every plan of flows/plans.json and the upsell, with
 * its name (screens/ui/planNames.ts) and each sentence the screens make from it (screens/ui/priceTexts.ts)
 * in several languages, side by side.
 * A marketer who edits a price or adds a plan sees at once what the paywall, the checkout, the wallet
 * sheet, the receipt and the upsell will say about it, in English, Arabic and Japanese.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import type { FunnelData } from '../engine/core/flowGraph.ts';
import type { Plan } from '../engine/index.ts';
import { planPricing } from '../engine/index.ts';
import { textDirection } from '../engine/react/translator.ts';
import { discountAgainst, regularPlans } from '../screens/product/discounts.ts';
import { planNameText } from '../screens/ui/planNames.ts';
import {
  discountText,
  localeFormat,
  nextPaymentText,
  planPriceText,
  recurringText,
  renewalTermsText,
  upsellPriceTexts,
  type LocaleFormat,
} from '../screens/ui/priceTexts.ts';

/** The languages the page shows by default: a left-to-right one, a right-to-left one and a CJK one. */
export const PRICE_PAGE_LANGUAGES = ['en', 'ar', 'ja'];

const root = new URL('../', import.meta.url).pathname;
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function translator(language: string): Promise<TFunction> {
  const texts = JSON.parse(await readFile(join(root, 'locales', `${language}.json`), 'utf8'));
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { translation: texts } }, fallbackLng: false, interpolation: { escapeValue: false } });
  return instance.t;
}

/** One labelled sentence of a plan. */
interface Sentence {
  label: string;
  text: string;
}

/** Every sentence the funnel says about `plan`, in one language. */
export function planSentences(t: TFunction, plan: Plan, format: LocaleFormat, data: FunnelData, now: Date, upsell: boolean): Sentence[] {
  const name = { label: 'name (plan card, order summary, wallet sheet)', text: planNameText(t, plan, format) };
  if (upsell) {
    const texts = upsellPriceTexts(t, plan, format);
    return [
      name,
      { label: 'upsell price', text: texts.price },
      { label: 'upsell button', text: t('upsell.cta', { billing: texts.price }) },
      { label: 'upsell charge', text: texts.chargedTo },
    ];
  }
  const sentences: Sentence[] = [
    name,
    { label: 'plan card, order summary', text: planPriceText(t, plan, format, now) },
    { label: 'renewal terms (paywall, offer, checkout)', text: renewalTermsText(t, plan, format, now) },
    { label: 'wallet sheet', text: recurringText(t, plan, format, now) },
    { label: 'receipt', text: nextPaymentText(t, plan, format, now) },
  ];
  const discount = discountAgainst(plan, regularPlans(data.landings, data.plans));
  if (discount) sentences.push({ label: 'discount', text: discountText(t, plan, discount, format) });
  return sentences;
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; padding: 24px; color: #1d2b36; background: #f3f5f7; }
h1 { margin: 0 0 8px; }
table { border-collapse: collapse; background: #fff; width: 100%; }
th, td { border: 1px solid #d5dde3; padding: 6px 8px; text-align: start; vertical-align: top; }
th.plan { width: 16em; } th.plan small { display: block; font-weight: 400; color: #5b6b77; }
dl { margin: 0; } dt { font-size: 11px; color: #5b6b77; } dd { margin: 0 0 6px; }
`;

/** The whole page for `languages`, with the dates a visitor who arrives at `now` would read. */
export async function pricesPage(data: FunnelData, languages: readonly string[], now: Date): Promise<string> {
  const translators = await Promise.all(languages.map(translator));
  const plans = [...Object.values(data.plans.plans).map((plan) => ({ plan, upsell: false })), { plan: data.plans.upsell, upsell: true }];
  const rows = plans.map(({ plan, upsell }) => {
    const pricing = planPricing(plan);
    const cells = languages.map((language, k) => {
      const rtl = textDirection(language) === 'rtl';
      const sentences = planSentences(translators[k]!, plan, localeFormat(language, language, rtl), data, now, upsell);
      const items = sentences.map((s) => `<dt>${esc(s.label)}</dt><dd>${esc(s.text)}</dd>`).join('');
      return `<td lang="${esc(language)}" dir="${rtl ? 'rtl' : 'ltr'}"><dl>${items}</dl></td>`;
    });
    const kind = upsell ? 'upsell' : pricing.kind;
    return `<tr data-plan="${esc(plan.name)}"><th class="plan">${esc(plan.name)}<small>${esc(kind)}</small></th>${cells.join('')}</tr>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Price sentences</title><style>${STYLE}</style></head><body>
<h1>Price sentences</h1>
<p>Every plan of flows/plans.json and the upsell, as the screens word them (screens/ui/priceTexts.ts), for a visitor arriving on ${esc(now.toISOString().slice(0, 10))}.</p>
<table><tr><th class="plan">plan</th>${languages.map((l) => `<th>${esc(l)}</th>`).join('')}</tr>
${rows.join('\n')}
</table>
</body></html>
`;
}
