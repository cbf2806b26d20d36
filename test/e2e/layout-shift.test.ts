/**
 * No layout shift on any landing: every prerendered landing path (all variants' paths and /family) in
 * English and Arabic at 375 and 1280 px, loaded the way a slow phone connection delivers it:
 * - the HTML in two pieces with a pause, cut in the middle of the screen's markup (the browser could
 *   paint the first half, then the rest would move it);
 * - the Open Sans files answered 600 ms late, after the first paint (their faces are
 *   `font-display: optional`: a late font must not be swapped in);
 * - the app's script answered late, so the full stylesheet (media="print" until the script switches
 *   it on) applies long after the first paint: the inlined critical CSS must already hold the layout.
 * The sum of the layout-shift entries (PerformanceObserver, buffered) must be exactly 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, browser, closeBrowser } from './browser.ts';
import { recordLayoutShifts, recordedLayoutShifts, type ShiftRecord } from './layoutProbe.ts';
import { startPiecewiseProxy, type PiecewiseProxy } from './piecewiseProxy.ts';
import { funnelData } from '../../screens/flowData.ts';
import { getVariant, variantIds } from '../../engine/index.ts';

const PATHS = variantIds(funnelData.landings).flatMap((id) => getVariant(funnelData.landings, id)!.paths);
const LANGUAGES = ['en', 'ar'];
const WIDTHS = [375, 1280];
const HTML_PAUSE_MS = 400;
const FONT_DELAY_MS = 600;
const SCRIPT_DELAY_MS = 1200;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let proxy: PiecewiseProxy;
beforeAll(async () => {
  proxy = await startPiecewiseProxy(baseUrl(), HTML_PAUSE_MS);
});
afterAll(async () => {
  await closeBrowser();
  await proxy?.close();
});

/** A page of its own per language and width (reused for every path), with the late font and script. */
async function slowVisitor(language: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (await browser()).newContext({ locale: language, viewport: { width, height: width < 768 ? 812 : 800 } });
  await context.addInitScript(recordLayoutShifts);
  await context.route(/\.woff2$/, async (route) => {
    await sleep(FONT_DELAY_MS);
    await route.continue();
  });
  await context.route(/\/static\/js\/main-[^/]*\.js$/, async (route) => {
    await sleep(SCRIPT_DELAY_MS);
    await route.continue();
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

/** Loads a path and waits until the app switched the full stylesheet on, the fonts settled and a few frames passed. */
async function shiftsOf(page: Page, path: string, language: string): Promise<ShiftRecord[]> {
  await page.goto(`${proxy.url}${path}?lng=${language}`);
  await page.waitForFunction(() => document.querySelector('link[data-full-styles]')?.getAttribute('media') === 'all');
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  return page.evaluate(recordedLayoutShifts);
}

describe('layout shift on the landings', () => {
  it(`is 0 on every landing path in ${LANGUAGES.join(' and ')} at ${WIDTHS.join(' and ')} px, with the page, the font and the script arriving late`, async () => {
    const failures: string[] = [];
    let loads = 0;
    // one page per language and width, all four at once (the delays are waits, not work)
    const visitors = LANGUAGES.flatMap((language) => WIDTHS.map((width) => ({ language, width })));
    await Promise.all(
      visitors.map(async ({ language, width }) => {
        const { context, page } = await slowVisitor(language, width);
        try {
          for (const path of PATHS) {
            const shifts = await shiftsOf(page, path, language);
            loads++;
            const cls = shifts.reduce((sum, s) => sum + s.value, 0);
            if (cls !== 0) failures.push(`${language} ${width}px ${path}: CLS ${cls.toFixed(4)} ${JSON.stringify(shifts)}`);
          }
        } finally {
          await context.close();
        }
      }),
    );
    expect(loads).toBe(PATHS.length * visitors.length);
    expect(failures).toEqual([]);
  }, 180_000);
});
