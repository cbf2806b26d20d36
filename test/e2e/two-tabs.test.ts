/**
 * One purchase per visitor across tabs, in real Chromium against the preview server: the checkout is
 * open in two tabs of one browser (the second a duplicate of the first, so it has the same session),
 * the 3-month plan in one and the 1-month plan in the other; card tokenisation takes a second, as
 * Stripe's does, and Pay is pressed in both within half a second. The sandbox ends with exactly one
 * subscription, and the second tab shows the first tab's purchase, then its outcome, never its own.
 * Two accounts: another account signs up and pays in a second tab; the first tab, reloaded, names the
 * account it would charge before paying, and each account ends with exactly one subscription.
 */
import { afterAll, describe, it } from 'vitest';
import { closeBrowser } from './browser.ts';
import { payButton, subscriptions, typeCard, url, walkToCheckout } from './checkoutWalk.ts';
import { uniqueEmail } from './browser.ts';
import { duplicateTab, pressPay, recordSubscriptionCalls, slowTokenisation } from './twoTabs.ts';
import en from '../../locales/en.json';

afterAll(closeBrowser);

describe('two tabs', () => {
  it('Pay pressed in both within half a second, tokenisation slow: one subscription; the second tab shows the first tab’s purchase and its success', async ({
    expect,
  }) => {
    const { context, page, email } = await walkToCheckout();
    // the second tab duplicates the first: the same session storage (the access token), then the 1-month plan
    const second = await duplicateTab(context, page, '/signup/plans');
    await second.locator('input[type=radio][value="gz-1-month-tiger"]').check();
    await second.getByRole('button', { name: en.paywall.cta }).click();
    await second.waitForURL(url('/checkout'));
    await second.getByLabel(en.checkout.card.number).waitFor();
    await expect.poll(() => second.getByTestId('checkout-total').textContent()).toBe('$39.96');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$59.88');

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
    await second.getByText('Paid today: $59.88').waitFor();
    await page.getByText('Paid today: $59.88').waitFor();

    expect(await subscriptions(email)).toEqual([expect.objectContaining({ plan: 'gz-3-month-fox', upsell: false, price_with_discount: 59.88 })]);
    expect(tokenised).toEqual([url('/checkout')]);
    expect(posts).toHaveLength(1);
    await context.close();
  });
  it('two accounts in two tabs: each pays once for its own account, and the older tab says which account it charges before it does', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    // another account signs up in a second tab of the same browser and pays there
    const other = uniqueEmail('second-account');
    const second = await context.newPage();
    await second.goto(url('/signup'));
    await second.getByLabel(en.signup.emailLabel).fill(other);
    await second.getByRole('button', { name: en.common.continue }).click();
    await second.waitForURL(url('/signup/set-your-options'));
    await second.goto(url('/signup/plans'));
    await second.getByRole('button', { name: en.paywall.cta }).click();
    await second.waitForURL(url('/checkout'));
    await second.getByLabel(en.checkout.card.number).waitFor();
    await typeCard(second, '4242424242424242');
    await payButton(second).click();
    await second.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    // the first tab, signed in as the first account, names it before any payment
    await page.reload();
    await page.getByRole('heading', { name: en.checkout.account.mismatchTitle }).waitFor();
    await page.getByRole('button', { name: `Pay for ${email}` }).click();
    await typeCard(page, '4242424242424242');
    await payButton(page).click();
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    expect(await subscriptions(email)).toEqual([expect.objectContaining({ plan: 'gz-3-month-fox', price_with_discount: 59.88 })]);
    expect(await subscriptions(other)).toEqual([expect.objectContaining({ plan: 'gz-3-month-fox', price_with_discount: 59.88 })]);
    await context.close();
  });
});
