/**
 * One purchase per visitor across tabs when the tabs' clocks disagree, in real Chromium against the
 * preview server, without Web Locks (the claim is then the lease in local storage): the checkout is
 * open in two tabs of one browser, one tab's clock 5 minutes ahead or behind, the variant's default
 * plan in one tab and another of its plans in the other; Pay is pressed in both within half a second.
 * The sandbox ends with one subscription call and one subscription, of the first tab's plan, and the
 * second tab shows the first tab's purchase, then that purchase's success, never a payment of its own.
 * And the paying tab closed once its subscription call is answered: its lease goes with it
 * (pagehide), and the other tab, 5 minutes ahead, takes the purchase over without a second call.
 */
import { afterAll, describe, it } from 'vitest';
import { claimName } from '../../engine/payments/index.ts';
import { closeBrowser } from './browser.ts';
import { payButton, subscriptions, typeCard, url, walkToCheckout } from './checkoutWalk.ts';
import { clockShiftedBy, duplicateTab, pressPay, recordSubscriptionCalls, slowTokenisation, WITHOUT_WEB_LOCKS } from './twoTabs.ts';
import en from '../../locales/en.json';
import landings from '../../flows/landings.json';

afterAll(closeBrowser);

const FIVE_MINUTES = 5 * 60_000;
/** The variant the walk to the checkout takes ('/'), its default plan, and another plan it sells. */
const variant = Object.values(landings).find((v) => typeof v === 'object' && 'paths' in v && v.paths.includes('/')) as { plans: string[]; defaultPlan: string };
const otherPlan = variant.plans.find((plan) => plan !== variant.defaultPlan)!;

describe('two tabs whose clocks differ, without Web Locks', () => {
  it.for([
    ['5 minutes ahead', FIVE_MINUTES],
    ['5 minutes behind', -FIVE_MINUTES],
  ] as const)(
    'the second tab’s clock %s: one subscription call; the second tab shows the first tab’s purchase and its success',
    async ([, skew], { expect }) => {
      const { context, page, email } = await walkToCheckout();
      // from now on no tab of this browser has Web Locks; the first tab reloads without them
      await context.addInitScript({ content: WITHOUT_WEB_LOCKS });
      await page.reload();
      await page.getByLabel(en.checkout.card.number).waitFor();
      const second = await duplicateTab(context, page, '/signup/plans', (tab) => tab.addInitScript({ content: clockShiftedBy(skew) }));
      await second.locator(`input[type=radio][value="${otherPlan}"]`).check();
      await second.getByRole('button', { name: en.paywall.cta }).click();
      await second.waitForURL(url('/checkout'));
      await second.getByLabel(en.checkout.card.number).waitFor();
      for (const tab of [page, second]) expect(await tab.evaluate(() => navigator.locks)).toBeUndefined();
      // the second tab's wall clock is off by the skew (give or take the moment this takes)
      expect(Math.abs((await second.evaluate(() => Date.now())) - Date.now() - skew)).toBeLessThan(60_000);

      const tokenised: string[] = [];
      const posts: string[] = [];
      for (const tab of [page, second]) {
        await slowTokenisation(tab, tokenised);
        recordSubscriptionCalls(tab, posts);
        await typeCard(tab, '4242424242424242');
      }
      await expect.poll(() => payButton(second).isEnabled()).toBe(true);

      await payButton(page).click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await pressPay(second);

      await second.getByText(en.checkout.processing.otherTab).waitFor();
      expect(await second.getByRole('button', { name: /^Pay \$/ }).count()).toBe(0);
      await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
      await second.waitForURL(url('/checkout/success'), { timeout: 20_000 });
      // the same purchase in both: its order reference and amount
      for (const line of ['.checkout-success__order', '.checkout-success__paid']) {
        const first = await page.locator(line).textContent();
        expect(first, line).toBeTruthy();
        await expect.poll(() => second.locator(line).textContent()).toBe(first);
      }
      expect(await subscriptions(email)).toEqual([expect.objectContaining({ plan: variant.defaultPlan, upsell: false })]);
      expect(posts).toHaveLength(1);
      await context.close();
    },
  );
});

describe('without Web Locks, the paying tab closed mid-purchase', () => {
  it('lets go of its lease as it closes; the other tab, its clock 5 minutes ahead, takes the purchase over without a second subscription call', async ({
    expect,
  }) => {
    const { context, page, email } = await walkToCheckout();
    await context.addInitScript({ content: WITHOUT_WEB_LOCKS });
    await page.reload();
    await page.getByLabel(en.checkout.card.number).waitFor();
    const second = await duplicateTab(context, page, '/checkout', (tab) => tab.addInitScript({ content: clockShiftedBy(FIVE_MINUTES) }));
    await second.getByLabel(en.checkout.card.number).waitFor();
    const posts: string[] = [];
    for (const tab of [page, second]) recordSubscriptionCalls(tab, posts);
    await typeCard(page, '4242424242424242');
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/subscriptions/polling/'));
    await payButton(page).click();
    await answered;
    await page.close({ runBeforeUnload: true });
    const leases = await second.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)), claimName(''));
    expect(leases).toEqual([]);
    await second.waitForURL(url('/checkout/success'), { timeout: 30_000 });
    await second.locator('.checkout-success__order').waitFor();
    expect(await subscriptions(email)).toEqual([expect.objectContaining({ plan: variant.defaultPlan, upsell: false })]);
    expect(posts).toHaveLength(1);
    await context.close();
  });
});
