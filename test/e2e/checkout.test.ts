/**
 * Issue 4 end to end in real Chromium against the preview server: a visitor walks from a landing
 * route through signup, quiz and plans to /checkout and pays with the sandbox gateway's test cards:
 * success with the prices, 3-D Secure failed then completed, a decline in German then another card,
 * a double click that buys once, the upsell bought once (and not again after a reload) or declined,
 * and on to the download screen. Durable purchases: a reload, Back or a second tab during processing
 * follows the same purchase to its end, a poll lost on the network still ends in success, and a
 * subscribed visitor who opens the paywall again is sent to the success step. The sandbox is asked how many subscriptions exist, and the
 * analytics log holds the events the spec names.
 */
import { afterAll, describe, it } from 'vitest';
import { closeBrowser } from './browser.ts';
import {
  countPosts,
  eventsOf,
  payButton,
  purchaseStored,
  subscriptions,
  typeCard,
  url,
  walkToCheckout as walk,
  type Texts,
  type Visitor,
} from './checkoutWalk.ts';
import en from '../../locales/en.json';
import de from '../../locales/de.json';
import { UPSELL_ADD, UPSELL_BILLING, UPSELL_DECLINE } from '../upsellTexts.ts';

afterAll(closeBrowser);

const UPSELL = 'gz-monthly-driver-sos-skovoroda';
const walkToCheckout = (t: Texts = en, locale = 'en-US'): Promise<Visitor> => walk(t, { locale });

describe.concurrent('checkout', () => {
  it('4242 4242 4242 4242 pays, shows the prices and the e-mail notice; the upsell is declined; on to download', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$59.88');
    expect(await payButton(page).isDisabled()).toBe(true);
    await typeCard(page, '4242424242424242');
    await payButton(page).click();
    await page.getByText(en.loader.checkout).waitFor();
    // the brand's processing page says what is happening while the payment runs
    await page.getByRole('heading', { name: en.checkout.processing.confirming }).waitFor();
    await page.waitForURL(url('/checkout/success'));
    await page.getByRole('heading', { name: en.success.title }).waitFor();
    await page.getByText(en.success.emailSent).waitFor();
    await page.getByText('Paid today: $59.88').waitFor();
    expect(await subscriptions(email)).toEqual([expect.objectContaining({ plan: 'gz-3-month-fox', upsell: false, price_with_discount: 59.88 })]);

    await page.getByRole('heading', { name: en.upsell.title }).waitFor();
    // one button adds it, one declines it and moves on: no "Continue" that means the same as the decline
    expect(await page.getByRole('button', { name: en.common.continue }).count()).toBe(0);
    await page.getByRole('button', { name: UPSELL_DECLINE }).click();
    await page.waitForURL(url('/signup/download'));
    // declined for good: the success step shows the receipt and the way on, not the offer
    await page.goto(url('/checkout/success'));
    await page.getByText('Paid today: $59.88').waitFor();
    expect(await page.getByRole('heading', { name: en.upsell.title }).count()).toBe(0);

    await page.getByRole('button', { name: en.common.continue }).click();
    await page.waitForURL(url('/signup/download'));
    await page.getByRole('heading', { name: en.download.title }).waitFor();

    const events = await eventsOf(context, ['Order Completed']);
    expect(events.find((e) => e.name === 'Order Completed')?.props).toMatchObject({
      plan: 'gz-3-month-fox',
      revenue: 59.88,
      currency: 'USD',
      gateway: 'stripe',
      order_id: expect.any(String),
      event_id: expect.any(String),
      products: [expect.objectContaining({ product_id: 'gz-3-month-fox', price: 59.88, quantity: 1 })],
    });
    expect(events.map((e) => e.name)).not.toContain('purchase_failed');
    await context.close();
  });

  it('on a phone, the card field being typed in is never under the Pay bar stuck at the bottom, nor under the consent banner', async ({ expect }) => {
    const { context, page } = await walkToCheckout();
    const card = en.checkout.card;
    expect(await page.locator('.checkout-card__action').evaluate((bar) => getComputedStyle(bar).position)).toBe('sticky');
    // the bar's height makes <html>'s scroll padding, and is set on <html> alone: not inherited, so
    // measuring it restyles no other element (checkout.css)
    const room = () =>
      page.evaluate(() => {
        const bar = Math.round(document.querySelector('.checkout-card__action')!.getBoundingClientRect().height);
        const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom);
        return { paddingIsBarPlus12: padding === bar + 12, bodyValue: getComputedStyle(document.body).getPropertyValue('--fe-pay-bar-room').trim() };
      });
    await expect.poll(room).toEqual({ paddingIsBarPlus12: true, bodyValue: '0px' });
    const fieldInView = () =>
      page.evaluate(() => {
        const field = document.activeElement!.getBoundingClientRect();
        const bar = document.querySelector('.checkout-card__action')!.getBoundingClientRect();
        const banner = document.querySelector('[data-testid="consent-banner"]')?.getBoundingClientRect();
        return { belowTheBanner: field.top >= (banner?.bottom ?? 0), aboveThePayBar: field.bottom <= bar.top };
      });
    await page.getByLabel(card.number).click();
    await page.keyboard.type('4242424242424242');
    expect(await fieldInView()).toEqual({ belowTheBanner: true, aboveThePayBar: true });
    // on to the next fields with the keyboard's next key, as on a phone
    for (const [autocomplete, typed] of [
      ['cc-exp', '1234'],
      ['cc-csc', '123'],
      ['cc-name', 'Ada Lovelace'],
    ] as const) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(autocomplete);
      await page.keyboard.type(typed);
      expect({ autocomplete, ...(await fieldInView()) }).toEqual({ autocomplete, belowTheBanner: true, aboveThePayBar: true });
    }
    expect(await payButton(page).isDisabled()).toBe(false);
    await context.close();
  });

  it('4000 0025 0000 3155 asks for 3-D Secure: Fail shows the message, Complete pays', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    await typeCard(page, '4000002500003155');
    await payButton(page).click();
    const challenge = page.getByRole('dialog', { name: en.checkout.sandbox.challengeTitle });
    await challenge.waitFor();
    expect(await challenge.getByText('Test bank: confirm the payment of $59.88.', { exact: false }).count()).toBe(1);
    await challenge.getByRole('button', { name: en.checkout.sandbox.fail }).click();
    await page.getByRole('alert').filter({ hasText: en.checkout.decline.authenticationFailed }).waitFor();
    await page.getByTestId('checkout-failure').filter({ hasText: en.checkout.decline.authenticationFailed }).waitFor();
    expect(page.url()).toBe(url('/checkout'));
    expect(await subscriptions(email)).toEqual([]);

    await payButton(page).click();
    await challenge.waitFor();
    await challenge.getByRole('button', { name: en.checkout.sandbox.complete }).click();
    await page.waitForURL(url('/checkout/success'));
    await page.getByText('Paid today: $59.88').waitFor();
    expect(await subscriptions(email)).toHaveLength(1);

    const events = await eventsOf(context, ['purchase_failed', 'Order Completed']);
    expect(events.find((e) => e.name === 'purchase_failed')?.props).toMatchObject({ declineCode: 'payment_intent_authentication_failure' });
    expect(events.map((e) => e.name)).not.toContain('payment_declined');
    await context.close();
  });

  it("4000 0000 0000 9995 is declined in the visitor's language (German), and another card then pays", async ({ expect }) => {
    const { context, page, email } = await walkToCheckout(de as Texts, 'de-DE');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('59,88\u00a0$');
    await typeCard(page, '4000000000009995', de as Texts);
    const pay = page.getByRole('button', { name: '59,88\u00a0$ bezahlen' }); // "{{price}} bezahlen", a German price
    await pay.click();
    await page.getByRole('alert').filter({ hasText: de.checkout.decline.insufficientFunds }).waitFor();
    await expect
      .poll(() => page.getByTestId('checkout-failure').textContent())
      .toBe(`${de.checkout.decline.insufficientFunds} ${de.checkout.failure.tryAnother}`);
    // the decline takes the focus right beside Pay, which stays on the phone's screen, the card still filled in
    await expect.poll(() => page.getByTestId('checkout-failure').evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await pay.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(await page.getByLabel(de.checkout.card.name).inputValue()).not.toBe('');
    expect(await subscriptions(email)).toEqual([]);
    const declined = await eventsOf(context, ['purchase_failed', 'payment_declined']);
    expect(declined.find((e) => e.name === 'purchase_failed')?.props).toMatchObject({
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });

    await typeCard(page, '4242424242424242', de as Texts);
    await pay.click();
    await page.waitForURL(url('/checkout/success'));
    await page.getByRole('heading', { name: de.success.title }).waitFor();
    expect(await subscriptions(email)).toHaveLength(1);
    await context.close();
  });

  it('a double click on pay creates one subscription; the upsell is bought once, even after a reload', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/subscriptions/polling/')) posts.push(r.url());
    });
    await typeCard(page, '4242424242424242');
    await payButton(page).dblclick();
    await page.waitForURL(url('/checkout/success'));
    expect(posts).toHaveLength(1);
    expect(await subscriptions(email)).toHaveLength(1);

    const buy = page.getByRole('button', { name: UPSELL_ADD });
    await expect.poll(() => buy.isEnabled()).toBe(true);
    await buy.dblclick();
    await page.getByText('Driver SOS is added to your plan: $9.99/month.').waitFor();
    expect(posts.filter((p) => p.endsWith(UPSELL))).toHaveLength(1);
    await page.reload();
    await page.getByText(`Driver SOS is added to your plan: ${UPSELL_BILLING}.`).waitFor();
    expect(await page.getByRole('button', { name: UPSELL_ADD }).count()).toBe(0);
    expect((await subscriptions(email)).map((s) => [s.plan, s.upsell])).toEqual([
      ['gz-3-month-fox', false],
      [UPSELL, true],
    ]);

    const events = await eventsOf(context, [
      { name: 'Order Completed', props: { upsell: false } },
      { name: 'Order Completed', props: { upsell: true } },
    ]);
    const orders = events.filter((e) => e.name === 'Order Completed');
    expect(orders.filter((e) => e.props.upsell === false)).toHaveLength(1);
    expect(orders.filter((e) => e.props.upsell === true)).toHaveLength(1);
    expect(orders.find((e) => e.props.upsell === true)?.props).toMatchObject({ plan: UPSELL, revenue: 9.99 });
    await context.close();
  });
});

describe.concurrent('durable purchases', () => {
  it('a reload as soon as the purchase is stored resumes the same purchase; /signup/plans then goes to success', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    const posts = countPosts(page);
    await typeCard(page, '4242424242424242');
    await payButton(page).click();
    await page.getByText(en.loader.checkout).waitFor();
    await purchaseStored(page);
    await page.reload();
    expect(
      await payButton(page)
        .isVisible()
        .catch(() => false),
    ).toBe(false);
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await page.getByText('Paid today: $59.88').waitFor();
    // the reload may cut the first call before its answer was stored: the resume then sends the same call
    // again (same Idempotency-Key, same body), which the backend answers with the same subscription
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(posts[0]?.key).toBeTruthy();
    expect(new Set(posts.map((p) => `${p.key} ${p.body}`)).size).toBe(1);
    expect(await subscriptions(email)).toHaveLength(1);
    const sent = posts.length;

    await page.goto(url('/signup/plans'));
    await page.waitForURL(url('/checkout/success'));
    await page.getByText('Paid today: $59.88').waitFor();
    expect(await page.getByRole('radiogroup', { name: en.paywall.plansLabel }).count()).toBe(0); // no plans offered
    expect(posts).toHaveLength(sent);
    expect(await subscriptions(email)).toHaveLength(1);
    await context.close();
  });

  it('Back during processing comes back to the same purchase: one request, one subscription', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    const posts = countPosts(page);
    await typeCard(page, '4242424242424242');
    await payButton(page).click();
    await page.getByText(en.loader.checkout).waitFor();
    await page.goBack();
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await page.getByText('Paid today: $59.88').waitFor();
    expect(posts).toHaveLength(1);
    expect(await subscriptions(email)).toHaveLength(1);
    await context.close();
  });

  it('a second tab without the session shows the purchase under way, then that it was paid in the other tab; never a Pay button', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    // the first tab's polls wait until the second tab has shown the purchase under way
    let seen!: () => void;
    const secondSawIt = new Promise<void>((resolve) => (seen = resolve));
    await page.route('**/polling/get-result/**', async (route) => {
      await secondSawIt;
      await route.continue();
    });
    await typeCard(page, '4242424242424242');
    await payButton(page).click();
    await page.getByText(en.loader.checkout).waitFor();
    const second = await context.newPage();
    await second.goto(url('/checkout'));
    await second.getByText(en.checkout.processing.otherTab).waitFor();
    expect(await second.getByRole('button', { name: /^Pay \$/ }).count()).toBe(0);
    seen();
    await second.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    // no session here to ask the server with: nothing paid is shown, the tab that paid has the receipt
    await second.getByText(en.success.otherTab).waitFor();
    expect(await second.getByText(/Paid today/).count()).toBe(0);
    await page.waitForURL(url('/checkout/success'));
    await page.getByText('Paid today: $59.88').waitFor();
    expect(await subscriptions(email)).toHaveLength(1);
    await context.close();
  });

  it('a poll that fails on the network is retried and the purchase ends in success', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    let dropped = 0;
    await page.route('**/polling/get-result/**', async (route) => {
      if (dropped++ === 0) return route.abort('internetdisconnected');
      return route.continue();
    });
    await typeCard(page, '4242424242424242');
    await payButton(page).click();
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await page.getByText('Paid today: $59.88').waitFor();
    expect(dropped).toBeGreaterThan(1);
    expect(await subscriptions(email)).toHaveLength(1);
    const events = await eventsOf(context, ['Order Completed']);
    expect(events.map((e) => e.name)).not.toContain('purchase_failed');
    await context.close();
  });
});
