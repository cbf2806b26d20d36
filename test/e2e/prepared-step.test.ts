/**
 * While the family signup waits for the backend, the offer it leads to is rendered out of sight
 * (prepareNext, React's Activity): hidden, after the signup on the page; when the account exists, that
 * same element is shown, once, with its reservation started then. A failed signup leaves no trace.
 * While the paywall is read, the checkout is rendered once outside the page, laid out on a copy
 * beside the paywall and dropped (layOutNextAhead): Continue renders it anew.
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

/**
 * Records every step element added to the page without a step id (a copy laid out ahead: warmLayout.ts),
 * from the page's start; `copiesOf(page, screen)` reads them back for one screen type.
 */
const RECORD_COPIES = `(() => {
  const copies = [];
  const steps = [];
  window.__copies = () => copies.map((c) => ({ className: c.className, ariaHidden: c.ariaHidden, inert: c.inert, connected: c.node.isConnected }));
  window.__stepsAdded = () => steps;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        for (const main of node.tagName === 'MAIN' ? [node] : node.querySelectorAll('main')) {
          if (main.dataset.step) steps.push(main.dataset.step);
          else copies.push({ node: main, className: main.className, ariaHidden: main.getAttribute('aria-hidden'), inert: main.inert });
        }
      }
  }).observe(document, { childList: true, subtree: true });
})();`;

/** The steps whose element was put in the page, in order (from the page's start). */
const stepsAdded = (page: Page): Promise<string[]> => page.evaluate('window.__stepsAdded()') as Promise<string[]>;

type Copy = { className: string; ariaHidden: string | null; inert: boolean; connected: boolean };
const copiesOf = async (page: Page, screen: string): Promise<Copy[]> =>
  ((await page.evaluate('window.__copies()')) as Copy[]).filter((copy) => copy.className === `fe-step fe-step--${screen}`);

async function atFamilySignup(page: Page, email: string): Promise<void> {
  await walk(page, { baseUrl: baseUrl(), landingPath: '/family', until: { screen: 'signup-email' }, choices: { email }, timeoutMs: 30_000 });
  // the offer's code arrives while the visitor reads the signup (prefetchNext.ts)
  await page.waitForTimeout(2500);
  await page.getByLabel(en.signup.emailLabel).fill(email);
}

describe('the step after a call, prepared while the call travels', () => {
  it('renders the offer hidden behind the family signup and shows that same element when the account exists', async () => {
    const { page } = await newVisitor();
    await page.addInitScript({ content: RECORD_COPIES });
    await atFamilySignup(page, uniqueEmail('prepared'));
    const release = await holdSignup(page);
    await page.getByRole('button', { name: en.common.continue }).click();

    await page.locator('main[data-step="family-offer"]').waitFor({ state: 'attached' });
    expect(await stepsOnPage(page)).toEqual([
      { step: 'family-signup', shown: true, marked: false },
      { step: 'family-offer', shown: false, marked: false },
    ]);
    // out of sight: not in the accessibility tree, and its reservation has not started
    expect(await page.getByRole('timer').count()).toBe(0);
    await page.evaluate(() => void (document.querySelector<HTMLElement>('main[data-step="family-offer"]')!.dataset.prepared = 'seen'));
    // and its first layout was done once on an invisible copy, already gone, while the signup was read
    // or (had the tap come sooner) while it waits
    await expect.poll(() => copiesOf(page, 'offer')).toHaveLength(1);
    expect(await copiesOf(page, 'offer')).toEqual([{ className: 'fe-step fe-step--offer', ariaHidden: 'true', inert: true, connected: false }]);

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

describe('the next step laid out ahead while a step is read', () => {
  it('lays out the checkout on the paywall once, out of sight, and Continue renders it anew', async () => {
    const { page } = await newVisitor();
    await page.addInitScript({ content: RECORD_COPIES });
    await walk(page, { baseUrl: baseUrl(), landingPath: '/', until: { screen: 'paywall' }, choices: { email: uniqueEmail('ahead') }, timeoutMs: 60_000 });
    // while the paywall is read: the checkout rendered outside the page, laid out on a copy, then dropped
    await expect.poll(() => copiesOf(page, 'checkout'), { timeout: 15_000 }).toHaveLength(1);
    expect(await copiesOf(page, 'checkout')).toEqual([{ className: 'fe-step fe-step--checkout', ariaHidden: 'true', inert: true, connected: false }]);
    await expect.poll(() => stepsOnPage(page)).toEqual([{ step: 'plans', shown: true, marked: false }]);
    // rendered outside the page: no text of the checkout was ever in it beside the paywall's
    expect(await stepsAdded(page)).not.toContain('checkout');

    await page.getByRole('button', { name: en.common.continue }).click();
    await page.getByRole('heading', { level: 1, name: en.checkout.title }).waitFor();
    expect(await stepsOnPage(page)).toEqual([{ step: 'checkout', shown: true, marked: false }]);
    // laid out once: the visit itself made no copy of it
    expect(await copiesOf(page, 'checkout')).toHaveLength(1);
  });
});
