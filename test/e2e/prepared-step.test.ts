/**
 * While the family signup waits for the backend, the offer it leads to is rendered out of sight
 * (prepareNext, React's Activity): hidden, after the signup on the page; when the account exists, that
 * same element is shown, once, with its reservation started then. A failed signup leaves no trace.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { baseUrl, closeBrowser, newVisitor, uniqueEmail } from './browser.ts';
import { walk } from './visitor.ts';
import { PERSIST_KEY } from '../../engine/index.ts';
import en from '../../locales/en.json';

afterAll(closeBrowser);

/** Holds the signup's POST until the test lets it go; returns the release. */
async function holdSignup(page: Page): Promise<() => Promise<void>> {
  let held: Route | undefined;
  const arrived = new Promise<void>(
    (resolve) =>
      void page.route('**/v1/signup', (route) => {
        held = route;
        resolve();
      }),
  );
  return async () => {
    await arrived;
    await held!.continue();
  };
}

/** The steps the page holds: each one's id, whether it is displayed, and whether it carries the test's mark. */
const stepsOnPage = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main[data-step]')].map((main) => ({
      step: main.dataset.step,
      shown: getComputedStyle(main).display !== 'none',
      marked: main.dataset.prepared === 'seen',
    })),
  );

async function atFamilySignup(page: Page, email: string): Promise<void> {
  await walk(page, { baseUrl: baseUrl(), landingPath: '/family', until: { screen: 'signup-email' }, choices: { email }, timeoutMs: 30_000 });
  // the offer's code arrives while the visitor reads the signup (prefetchNext.ts)
  await page.waitForTimeout(2500);
  await page.getByLabel(en.signup.emailLabel).fill(email);
}

describe('the step after a call, prepared while the call travels', () => {
  it('renders the offer hidden behind the family signup and shows that same element when the account exists', async () => {
    const { page } = await newVisitor();
    await atFamilySignup(page, uniqueEmail('prepared'));
    const release = await holdSignup(page);
    // every step element added to the page without a step id: the copy laid out ahead (warmLayout.ts)
    await page.evaluate(() => {
      const copies: { className: string; ariaHidden: string | null; inert: boolean; connected?: boolean }[] = [];
      const added: HTMLElement[] = [];
      (window as unknown as { __copies: () => typeof copies }).__copies = () => copies.map((copy, i) => ({ ...copy, connected: added[i]!.isConnected }));
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement && node.tagName === 'MAIN' && !node.dataset.step) {
              added.push(node);
              copies.push({ className: node.className, ariaHidden: node.getAttribute('aria-hidden'), inert: node.inert });
            }
      }).observe(document.getElementById('root')!, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: en.common.continue }).click();

    await page.locator('main[data-step="family-offer"]').waitFor({ state: 'attached' });
    expect(await stepsOnPage(page)).toEqual([
      { step: 'family-signup', shown: true, marked: false },
      { step: 'family-offer', shown: false, marked: false },
    ]);
    // out of sight: not in the accessibility tree, and its reservation has not started
    expect(await page.getByRole('timer').count()).toBe(0);
    await page.evaluate(() => void (document.querySelector<HTMLElement>('main[data-step="family-offer"]')!.dataset.prepared = 'seen'));
    // and its first layout was done on an invisible copy, already gone, while the signup still waits
    const copies = () => page.evaluate(() => (window as unknown as { __copies: () => unknown[] }).__copies());
    await expect.poll(copies).toHaveLength(1);
    expect(await copies()).toEqual([{ className: 'fe-step fe-step--offer', ariaHidden: 'true', inert: true, connected: false }]);

    const releasedAt = await page.evaluate(() => Date.now());
    await release();
    await page.waitForURL(`${baseUrl()}/family/offer`);
    await page.getByRole('timer').waitFor();
    // the element prepared is the one on screen, alone
    expect(await stepsOnPage(page)).toEqual([{ step: 'family-offer', shown: true, marked: true }]);
    expect(await page.getByRole('heading', { level: 1, name: en.family.offer.title }).isVisible()).toBe(true);
    expect(await page.getByRole('timer').textContent()).toMatch(/^1[45]:\d\d$/);
    // the reservation started when the offer was shown, after the held signup was let go
    const startedAt = Number(/"offerStartedAt\D+(\d{13})/.exec(await page.evaluate((key) => localStorage.getItem(key) ?? '', PERSIST_KEY))![1]);
    expect(startedAt).toBeGreaterThanOrEqual(releasedAt);
  });

  it('drops the prepared offer when the signup fails, and the visitor stays on the signup with the address', async () => {
    const { page } = await newVisitor();
    await atFamilySignup(page, `prepared.${Date.now()}@fail.test`);
    const release = await holdSignup(page);
    await page.getByRole('button', { name: en.common.continue }).click();
    await page.locator('main[data-step="family-offer"]').waitFor({ state: 'attached' });
    await release();
    await page.getByRole('alert').waitFor();
    await page.locator('main[data-step="family-offer"]').waitFor({ state: 'detached' });
    expect(await stepsOnPage(page)).toEqual([{ step: 'family-signup', shown: true, marked: false }]);
    expect(new URL(page.url()).pathname).toBe('/family/signup');
    expect(await page.getByLabel(en.signup.emailLabel).inputValue()).toMatch(/@fail\.test$/);
  });
});
