/**
 * The gallery's price page (scripts/galleryPrices.ts) lists every plan of flows/plans.json and the
 * upsell, each with the sentences the screens make from it, in English, Arabic and Japanese.
 */
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { funnelData } from '../../screens/flowData.ts';
import { planNameText } from '../../screens/ui/planNames.ts';
import { localeFormat } from '../../screens/ui/priceTexts.ts';
import { PRICE_PAGE_LANGUAGES, pricesPage } from '../../scripts/galleryPrices.ts';
import { formatMoney, planPricing } from '../../engine/index.ts';
import { galleryPage } from '../../scripts/galleryPage.ts';

interface Cell {
  lang: string;
  dir: string;
  /** The cell's text, tags removed and entities read. */
  text: string;
  sentences: number;
  /** The text of the cell's first sentence. */
  name: string;
}

const unescape = (s: string): string =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The page's rows by plan name, each with its language cells (the page is generated, so its markup is known). */
function rows(html: string): Map<string, Cell[]> {
  const out = new Map<string, Cell[]>();
  for (const [, plan, body] of html.matchAll(/<tr data-plan="([^"]+)">(.*?)<\/tr>/gs)) {
    const cells = [...body!.matchAll(/<td lang="([^"]+)" dir="([^"]+)">(.*?)<\/td>/gs)].map(([, lang, dir, inner]) => ({
      lang: lang!,
      dir: dir!,
      text: unescape(inner!.replace(/<[^>]+>/g, ' ')),
      sentences: inner!.split('<dd>').length - 1,
      name: unescape(/<dd>(.*?)<\/dd>/s.exec(inner!)?.[1] ?? ''),
    }));
    out.set(unescape(plan!), cells);
  }
  return out;
}

describe('gallery price page', () => {
  const now = new Date(2026, 10, 25);
  let page: Map<string, Cell[]>;
  const translators: Record<string, TFunction> = {};
  beforeAll(async () => {
    page = rows(await pricesPage(funnelData, PRICE_PAGE_LANGUAGES, now));
    for (const language of PRICE_PAGE_LANGUAGES) {
      const instance = i18next.createInstance();
      const texts = JSON.parse(readFileSync(new URL(`../../locales/${language}.json`, import.meta.url), 'utf8'));
      await instance.init({ lng: language, resources: { [language]: { translation: texts } }, interpolation: { escapeValue: false } });
      translators[language] = instance.t;
    }
  });

  it('shows English, Arabic (right to left) and Japanese', () => {
    expect(PRICE_PAGE_LANGUAGES).toEqual(['en', 'ar', 'ja']);
    for (const cells of page.values())
      expect(cells.map((c) => [c.lang, c.dir])).toEqual([
        ['en', 'ltr'],
        ['ar', 'rtl'],
        ['ja', 'ltr'],
      ]);
  });

  it('lists every plan of the catalogue and the upsell, once each', () => {
    expect([...page.keys()]).toEqual([...Object.keys(funnelData.plans.plans), funnelData.plans.upsell.name]);
  });

  it('starts with the name each screen calls the plan by', () => {
    for (const [name, cells] of page) {
      const plan = funnelData.plans.plans[name] ?? funnelData.plans.upsell;
      for (const cell of cells) expect(cell.name).toBe(planNameText(translators[cell.lang]!, plan, localeFormat(cell.lang, cell.lang, cell.dir === 'rtl')));
    }
  });

  it("names each plan's amounts in every language, every placeholder filled", () => {
    for (const plan of [...Object.values(funnelData.plans.plans), funnelData.plans.upsell]) {
      const pricing = planPricing(plan);
      for (const cell of page.get(plan.name)!) {
        expect(cell.text).not.toMatch(/\{\{|pricing\.|upsell\./);
        expect(cell.text).toContain(formatMoney(pricing.dueToday, cell.lang, 'USD'));
        expect(cell.text).toContain(formatMoney(pricing.renewal, cell.lang, 'USD'));
        expect(cell.sentences).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('is linked from the contact sheet', () => {
    expect(galleryPage(funnelData, [], now)).toContain('href="prices.html"');
  });
});
