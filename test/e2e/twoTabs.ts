/** Two tabs of one browser at the checkout, shared by the e2e tests of the cross-tab purchase claim. */
import type { BrowserContext, Page } from 'playwright-core';
import { url } from './checkoutWalk.ts';

/** How long card tokenisation (the card API's payment_methods call) takes, as Stripe's may. */
export const TOKENISATION_MS = 1000;

/** Card tokenisation answers after TOKENISATION_MS; `seen` gets the page's address at each call. */
export async function slowTokenisation(page: Page, seen: string[]): Promise<void> {
  await page.route('**/sandbox/stripe/v1/payment_methods', async (route) => {
    seen.push(page.url());
    await new Promise((resolve) => setTimeout(resolve, TOKENISATION_MS));
    await route.continue();
  });
}

/** Presses the page's Pay button as a click in the same instant would: even if the page has just hidden it. */
export const pressPay = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const button = [...document.querySelectorAll('button')].find((b) => /^Pay \$/.test(b.textContent ?? ''));
    button?.click();
  });

/** Counts the subscription calls (the sandbox portal's POST /subscriptions/polling/…) a page sends. */
export function recordSubscriptionCalls(page: Page, posts: string[]): void {
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/subscriptions/polling/')) posts.push(r.url());
  });
}

/**
 * A second tab duplicating `page`: the same session storage (the access token), so the same account;
 * opened at `path`; `prepare` runs on it first (e.g. its own init scripts).
 */
export async function duplicateTab(context: BrowserContext, page: Page, path: string, prepare?: (tab: Page) => Promise<unknown>): Promise<Page> {
  const session = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  const second = await context.newPage();
  await prepare?.(second);
  await second.addInitScript((entries: string) => {
    if (sessionStorage.getItem('access_token')) return;
    for (const [key, value] of JSON.parse(entries) as Array<[string, string]>) sessionStorage.setItem(key, value);
  }, session);
  await second.goto(url(path));
  return second;
}

/** An init script that takes Web Locks away (`navigator.locks` undefined), as in a browser without them. */
export const WITHOUT_WEB_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { configurable: true, get: () => undefined });";

/** An init script that moves the page's wall clock (Date, Date.now) by `ms`, as on a computer whose clock is off. */
export const clockShiftedBy = (ms: number): string => `(() => {
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args) { if (args.length === 0) super(RealDate.now() + ${ms}); else super(...args); }
    static now() { return RealDate.now() + ${ms}; }
  }
  globalThis.Date = ShiftedDate;
})();`;
