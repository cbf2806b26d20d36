/**
 * End to end: the landing's texts in every language are the same in the prerendered HTML, after
 * React hydrated it with the small translator, and after i18next took over; the next step's screen
 * reads its texts from i18next. (How the landing starts, and when, is landing-start.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { afterStep, text, titleKeyOf, type Texts as VisitorTexts } from './visitor.ts';
import { afterAll, describe, it } from 'vitest';
import { browserLocale, languageCodes } from '../../engine/index.ts';
import { languages } from '../../screens/product/languages.ts';
import { baseUrl, closeBrowser, newVisitor } from './browser.ts';

afterAll(closeBrowser);

const scriptName = (url: string): string => url.replace(/^.*\//, '');

// one language per test, three at a time: each waits mostly on its page's loads
describe.concurrent("each language's texts", () => {
  type Texts = { landing: { title: string; text: string }; common: { continue: string } };
  const textsOf = (lng: string): Texts => JSON.parse(readFileSync(new URL(`../../locales/${lng}.json`, import.meta.url), 'utf8')) as Texts;
  it.for(languageCodes(languages))('%s: in the HTML, after hydration and after i18next took over', async (lng, { expect }) => {
    {
      const texts = textsOf(lng);
      const { context, page } = await newVisitor({ locale: browserLocale(languages, lng) });
      const messages: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /React|hydrat/i.test(m.text())) messages.push(m.text());
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(scriptName(request.url()));
      });
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { htmlTitle: string }).htmlTitle = document.querySelector('h1')?.textContent ?? '';
        }),
      );
      await page.goto(`${baseUrl()}/`, { waitUntil: 'load' });
      expect(await page.evaluate(() => (window as unknown as { htmlTitle: string }).htmlTitle), lng).toBe(texts.landing.title);
      expect(
        scripts.filter((s) => /^(client|i18n)-/.test(s)),
        lng,
      ).toEqual([]);
      // a key press counts as the first interaction: React hydrates with the small translator, then
      // i18next and the rest of the texts arrive; the landing keeps its texts
      await page.keyboard.press('Shift');
      await page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__reactFiber')));
      await expect.poll(() => scripts.filter((s) => s.startsWith('i18n-')).length, { message: lng }).toBe(1);
      await page.waitForTimeout(500); // the texts' chunks have been asked for: give i18next's switch its render
      expect(await page.locator('h1').textContent(), lng).toBe(texts.landing.title);
      expect(await page.locator('.landing__text').textContent(), lng).toBe(texts.landing.text);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), lng).toEqual([lng, lng === 'ar' ? 'rtl' : 'ltr']);
      // the next step's screen reads its texts from i18next
      await page.getByRole('button', { name: texts.common.continue }).click();
      await page.getByRole('heading', { name: text(texts as unknown as VisitorTexts, titleKeyOf(afterStep('/'))!) }).waitFor();
      expect(messages, lng).toEqual([]);
      await context.close();
    }
  });
});
