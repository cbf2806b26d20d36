/**
 * Wallets, PayPal through Braintree and 3-D Secure for EU customers end to end in real Chromium against the preview server:
 * the visitor walks to /checkout and pays with the sandbox wallet (the preview build's stand-in for
 * Apple Pay / Google Pay): cancel, a declined wallet card, a wallet card that asks for 3-D Secure,
 * a double click, a reload during processing, and the upsell charged to the wallet's payment method.
 * An account whose payment settings force 3-D Secure for EU customers gets the challenge for a
 * German card and not for a US one. PayPal runs the Braintree path with the client token of the
 * sandbox's payment settings and the sandbox's PayPal window: cancel, a declined approval, then paid
 * (the upsell after PayPal and reloads during it: test/e2e/paypal-upsell.test.ts).
 */
import { afterAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBrowser } from './browser.ts';
import { countPosts, eventsOf, payButton, purchaseStored, subscriptions, typeCard, url, walkToCheckout } from './checkoutWalk.ts';
import en from '../../locales/en.json';
import { UPSELL_ADD, UPSELL_BILLING } from '../upsellTexts.ts';

afterAll(closeBrowser);

const UPSELL = 'gz-monthly-driver-sos-skovoroda';
const sheetTexts = en.payments.sandboxWallet;

const walletButton = (page: Page) => page.getByRole('button', { name: sheetTexts.button });

/** Opens the wallet sheet and picks one of its buttons. */
async function inSheet(page: Page, choice: string): Promise<void> {
  await walletButton(page).click();
  const sheet = page.getByRole('dialog', { name: sheetTexts.title });
  await sheet.waitFor();
  await sheet.getByRole('button', { name: choice, exact: true }).click();
}

describe.concurrent('wallet', () => {
  it('sits above the card form; cancel charges nothing; a declined wallet card shows the decline; Pay buys, and the upsell uses the same method', async ({
    expect,
  }) => {
    const { context, page, email } = await walkToCheckout();
    const posts = countPosts(page);
    const wallet = walletButton(page);
    await wallet.waitFor();
    const [walletBox, cardHeading] = [await wallet.boundingBox(), await page.getByRole('heading', { name: en.checkout.card.title }).boundingBox()];
    expect(walletBox!.y).toBeLessThan(cardHeading!.y);

    await walletButton(page).click();
    const sheet = page.getByRole('dialog', { name: sheetTexts.title });
    await sheet.getByText('3-month plan: $59.88 today, then $59.88 every 3 months.', { exact: false }).waitFor();
    await sheet.getByRole('button', { name: sheetTexts.cancel }).click();
    await expect.poll(() => sheet.count()).toBe(0);
    expect(posts).toHaveLength(0);

    await inSheet(page, sheetTexts.declined);
    // beside the wallet, not above the card's Pay
    await expect
      .poll(() => page.getByTestId('wallet-failure').textContent(), { timeout: 15_000 })
      .toBe(`${en.checkout.decline.genericDecline} ${en.payments.wallet.tryAnother}`);
    expect(await page.getByTestId('checkout-failure').count()).toBe(0);
    expect(await subscriptions(email)).toEqual([]);

    await inSheet(page, sheetTexts.pay);
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await page.getByText('Paid today: $59.88').waitFor();
    await page.getByRole('button', { name: UPSELL_ADD }).click();
    await page.getByText(`Driver SOS is added to your plan: ${UPSELL_BILLING}.`).waitFor({ timeout: 20_000 });
    expect((await subscriptions(email)).map((s) => [s.plan, s.upsell, s.gateway])).toEqual([
      ['gz-3-month-fox', false, 'stripe'],
      [UPSELL, true, 'stripe'],
    ]);
    const events = await eventsOf(context, [
      'wallet_cancelled',
      'purchase_failed',
      { name: 'Order Completed', props: { upsell: false } },
      { name: 'Order Completed', props: { upsell: true } },
    ]);
    expect(events.filter((e) => e.name === 'Order Completed' && e.props.upsell === false)).toHaveLength(1);
    await context.close();
  });

  it('a wallet card that asks for 3-D Secure: Fail shows the message, Complete pays', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    await inSheet(page, sheetTexts.pay3ds);
    const challenge = page.getByRole('dialog', { name: en.checkout.sandbox.challengeTitle });
    await challenge.getByRole('button', { name: en.checkout.sandbox.fail }).click();
    await page.getByRole('alert').filter({ hasText: en.checkout.decline.authenticationFailed }).waitFor();
    expect(await subscriptions(email)).toEqual([]);
    await inSheet(page, sheetTexts.pay3ds);
    await challenge.getByRole('button', { name: en.checkout.sandbox.complete }).click();
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    expect(await subscriptions(email)).toHaveLength(1);
    await context.close();
  });

  it('a double click opens one sheet and buys once; a reload during processing follows the same purchase', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    const posts = countPosts(page);
    await walletButton(page).dblclick();
    expect(await page.getByRole('dialog', { name: sheetTexts.title }).count()).toBe(1);
    await page.getByRole('dialog', { name: sheetTexts.title }).getByRole('button', { name: sheetTexts.pay, exact: true }).click();
    await page.getByText(en.loader.checkout).waitFor();
    await purchaseStored(page);
    await page.reload();
    // while the purchase resumes the wallet is hidden, or disabled under the checkout loader: never usable
    const usable = async (): Promise<boolean> =>
      (await walletButton(page)
        .isVisible()
        .catch(() => false)) &&
      (await walletButton(page)
        .isEnabled()
        .catch(() => false));
    expect(await usable()).toBe(false);
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await page.getByText('Paid today: $59.88').waitFor();
    expect(posts).toHaveLength(1);
    expect(await subscriptions(email)).toHaveLength(1);
    await context.close();
  });
});

describe.concurrent('3-D Secure for EU customers', () => {
  it('asks for the challenge for a German card when the settings force it, and sends the flag', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout(en, { timezoneId: 'America/New_York' }, '+force3ds');
    const posts = countPosts(page);
    await typeCard(page, '4000002760000016');
    await payButton(page).click();
    const challenge = page.getByRole('dialog', { name: en.checkout.sandbox.challengeTitle });
    await challenge.getByRole('button', { name: en.checkout.sandbox.complete }).click();
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    expect(JSON.parse(posts[0]!.body)).toMatchObject({ request_three_d_secure: 'any' });
    expect(await subscriptions(email)).toHaveLength(1);
    await context.close();
  });

  it('does not ask for a US card, though the settings force it', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout(en, { timezoneId: 'America/New_York' }, '+force3ds');
    const posts = countPosts(page);
    await typeCard(page, '4242424242424242');
    await payButton(page).click();
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    expect(JSON.parse(posts[0]!.body)).not.toHaveProperty('request_three_d_secure');
    expect(await page.getByRole('dialog', { name: en.checkout.sandbox.challengeTitle }).count()).toBe(0);
    expect(await subscriptions(email)).toHaveLength(1);
    await context.close();
  });
});

describe.concurrent('PayPal through Braintree', () => {
  it("cancel charges nothing, a declined approval shows the funnel's text beside PayPal, an approval pays, and the upsell is offered on the PayPal account", async ({
    expect,
  }) => {
    // a phone's screen: the decline must not sit under the Pay bar stuck to its bottom
    const { context, page, email } = await walkToCheckout(en, { width: 375, height: 667 });
    const paypal = page.getByRole('button', { name: en.checkout.alternatives.paypal });
    const window = page.getByRole('dialog', { name: en.checkout.sandbox.paypalTitle });
    await paypal.click();
    await window.getByRole('button', { name: en.checkout.sandbox.cancel }).click();
    await expect.poll(() => window.count()).toBe(0);
    await paypal.click();
    await window.getByRole('button', { name: en.checkout.sandbox.decline }).click();
    // the funnel's words beside the PayPal button, never the processor's "Do Not Honor"
    await page.getByTestId('alternative-failure').filter({ hasText: en.checkout.decline.paypal }).waitFor();
    expect(await page.getByText('Do Not Honor').count()).toBe(0);
    const declined = page.getByTestId('alternative-failure');
    await expect
      .poll(() =>
        declined.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + 4);
          const bottom = document.elementFromPoint(box.left + box.width / 2, box.bottom - 4);
          return box.bottom <= innerHeight && el.contains(top) && el.contains(bottom);
        }),
      )
      .toBe(true);
    // PayPal is above the card form
    expect((await paypal.boundingBox())!.y).toBeLessThan((await page.getByRole('heading', { name: en.checkout.card.title }).boundingBox())!.y);
    expect(await subscriptions(email)).toEqual([]);
    await paypal.click();
    await window.getByRole('button', { name: en.checkout.sandbox.approve }).click();
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await page.getByText('Paid today: $59.88').waitFor();
    expect((await subscriptions(email)).map((s) => s.gateway)).toEqual(['braintree']);
    // bought on the vaulted account in test/e2e/paypal-upsell.test.ts
    await page.getByRole('heading', { name: en.upsell.title }).waitFor();
    const events = await eventsOf(context, ['alternative_cancelled', 'purchase_failed', 'Order Completed']);
    expect(events.find((e) => e.name === 'Order Completed')?.props).toMatchObject({ gateway: 'braintree', upsell: false });
    await context.close();
  });
});
