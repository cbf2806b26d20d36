/**
 * A cold visit to an inner step's path (a deep link from an e-mail) gets the app shell: its HTML
 * paints the full-screen loading overlay, in the visitor's language, before any script has run
 * (engine/build/pages.ts writes one shell per language; the server picks it as it picks a landing
 * page). The scripts are held here until the overlay has been seen, then the step renders.
 */
import { readdirSync } from 'node:fs';
import { afterAll, describe, it } from 'vitest';
import { closeBrowser, newVisitor, baseUrl } from './browser.ts';
import main from '../../flows/main.json';

afterAll(closeBrowser);

const localesDir = new URL('../../locales/', import.meta.url);
const languages = readdirSync(localesDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const loaderText = async (language: string): Promise<string> =>
  ((await import(`../../locales/${language}.json`)) as { default: { loader: { normal: string } } }).default.loader.normal;

/** The inner paths of the main funnel's paywall and checkout, from the flow. */
const deepLinks = Object.values(main.steps)
  .filter((step) => step.screen === 'paywall' || step.screen === 'checkout')
  .map((step) => (step as { path: string }).path);

describe.concurrent('deep links', () => {
  for (const path of deepLinks) {
    it(`${path}: the HTML paints the loading overlay in each language before any script, then the app renders the step`, async ({ expect }) => {
      expect(deepLinks.length).toBeGreaterThanOrEqual(2);
      for (const language of languages) {
        const { context, page } = await newVisitor({ locale: language, width: 375, height: 667 });
        let release: () => void = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        const held: string[] = [];
        let ran = 0;
        await page.route(/\.js(\?|$)/, async (route) => {
          held.push(route.request().url());
          await released;
          ran++;
          await route.continue();
        });
        await page.goto(`${baseUrl()}${path}`, { waitUntil: 'commit' });
        const overlay = page.locator('#root > .fe-loader');
        await overlay.waitFor({ state: 'visible' });
        // painted from the HTML and the stylesheet alone: the page's scripts are still held back
        expect(held.length).toBeGreaterThan(0);
        expect(ran).toBe(0);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(await overlay.getAttribute('role')).toBe('status');
        expect((await overlay.textContent())?.trim()).toBe(await loaderText(language));
        // full screen, and what is drawn at the centre is the overlay (its spinner), nothing else
        const box = await overlay.boundingBox();
        expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 667 });
        const centre = await page.evaluate(() => document.elementFromPoint(187, 333)?.closest('.fe-loader') !== null);
        expect(centre).toBe(true);
        const spinner = await page.locator('.fe-loader__spinner').evaluate((el) => getComputedStyle(el).borderTopColor);
        expect(spinner).not.toBe('rgba(0, 0, 0, 0)');

        release();
        await page.waitForFunction(() => document.querySelector('main[data-step]') !== null && !document.querySelector('.fe-loader'), undefined, {
          timeout: 20_000,
        });
        await context.close();
      }
    });
  }
});
