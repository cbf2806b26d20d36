/**
 * While the visitor reads a step, what the next step shows downloads (engine/react/prefetchNext.ts and
 * the screens' `prefetch`): after the landing's first tap, no tap of either funnel waits for a script,
 * a style sheet or a picture. The page records each step's arrival and every resource it fetched; a
 * resource fetched between a tap and the next step's arrival is one the visitor waited for.
 */
import { afterAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, closeBrowser, newVisitor, uniqueEmail } from './browser.ts';
import { walk } from './visitor.ts';
import { payButton, typeCard } from './checkoutWalk.ts';

afterAll(closeBrowser);

/** How long the visitor reads each step: past the idle moment (at most 1.5 s) and the downloads it starts. */
const READ_MS = 2500;

/** Runs before the page's scripts: every pointerdown, and each step's arrival (its main[data-step] without a loader). */
const ARRIVALS_PROBE = `(() => {
  window.__downs = [];
  window.__arrivals = [];
  addEventListener('pointerdown', (event) => window.__downs.push(event.timeStamp), true);
  let shown = '';
  const tick = () => {
    const main = document.querySelector('main[data-step]');
    const step = main && !main.querySelector('.fe-loader') ? main.getAttribute('data-step') : '';
    if (step && step !== shown) {
      shown = step;
      window.__arrivals.push({ step, at: performance.now() });
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

interface Waited {
  to: string;
  files: string[];
}

/**
 * For each tap after the first: the files of the site fetched from the network between the tap and the
 * next step's arrival. A step that moves on by itself (profile creation) has no tap: the visitor waits
 * for it, not for a download.
 */
async function waitedFiles(page: Page): Promise<Waited[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __downs: number[]; __arrivals: Array<{ step: string; at: number }> };
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return w.__arrivals.slice(2).flatMap(({ step, at }, i) => {
      const before = w.__arrivals[i + 1]!.at;
      const tap = w.__downs.filter((t) => t > before && t < at).pop();
      if (tap === undefined) return [];
      const files = resources
        .filter((r) => r.startTime >= tap && r.startTime <= at && r.transferSize > 0 && new URL(r.name).pathname.startsWith('/static/'))
        .map((r) => new URL(r.name).pathname);
      return [{ to: step, files }];
    });
  });
}

async function visitor(): Promise<Page> {
  const { page } = await newVisitor();
  await page.addInitScript({ content: ARRIVALS_PROBE });
  return page;
}

const read = (page: Page) => async (): Promise<void> => void (await page.waitForTimeout(READ_MS));

// each walk reads every step: the two run side by side, each in its own browser context
describe.concurrent('no tap waits for a download that could have happened while the visitor read', () => {
  it('the main funnel, from the second step to the app download, paid by card', async ({ expect }) => {
    const page = await visitor();
    const base = { baseUrl: baseUrl(), landingPath: '/', choices: { email: uniqueEmail('prefetch') }, onStep: read(page), timeoutMs: 30_000 };
    await walk(page, { ...base, until: { screen: 'checkout' } });
    await typeCard(page, '4242424242424242');
    await page.waitForTimeout(READ_MS);
    await payButton(page).click();
    await page.waitForURL(`${baseUrl()}/checkout/success`, { timeout: 30_000 });
    await walk(page, { ...base, start: 'checkout-success', until: { screen: 'download' } });
    await page.locator('main[data-step="download"]').waitFor();
    // the probe records an arrival at the next frame: read once it has
    await page.waitForFunction(() => (window as unknown as { __arrivals: Array<{ step: string }> }).__arrivals.at(-1)?.step === 'download');
    const waited = await waitedFiles(page);
    expect(waited.map((w) => w.to)).toEqual(expect.arrayContaining(['signup', 'set-your-options', 'checkout', 'checkout-success', 'download']));
    expect(waited.filter((w) => w.files.length)).toEqual([]);
  });

  it('the family funnel, from the second step to its checkout', async ({ expect }) => {
    const page = await visitor();
    const base = { baseUrl: baseUrl(), landingPath: '/family', choices: { email: uniqueEmail('prefetch-family') }, onStep: read(page), timeoutMs: 30_000 };
    await walk(page, { ...base, until: { screen: 'checkout' } });
    await page.locator('main[data-step]').first().waitFor();
    await page.waitForFunction(() => document.querySelector('main[data-step]')?.getAttribute('data-step') !== 'family-offer');
    const waited = await waitedFiles(page);
    expect(waited.length).toBeGreaterThan(3);
    expect(waited.filter((w) => w.files.length)).toEqual([]);
  });
});
