/**
 * PayPal through Braintree end to end in real Chromium against the preview server: the visitor walks
 * to /checkout, approves in the sandbox's PayPal window, and is offered the upsell on the PayPal
 * account just vaulted: accepted (charged once, no second PayPal window), declined, double-clicked,
 * and a reload while the PayPal purchase or the upsell purchase is under way (the sandbox's Braintree
 * call charges on arrival and answers 1.5 s later), which follows the same purchase to its result.
 */
import { afterAll, describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBrowser } from './browser.ts';
import { eventsOf, subscriptions, url, walkToCheckout } from './checkoutWalk.ts';
import en from '../../locales/en.json';
import { UPSELL_ADD, UPSELL_DECLINE } from '../upsellTexts.ts';

afterAll(closeBrowser);

const PLAN = 'gz-3-month-fox';
const UPSELL = 'gz-monthly-driver-sos-skovoroda';
const ADDED = 'Driver SOS is added to your plan: $9.99/month.';

const paypalWindow = (page: Page) => page.getByRole('dialog', { name: en.checkout.sandbox.paypalTitle });
const accept = (page: Page) => page.getByRole('button', { name: UPSELL_ADD });

/** Records the Braintree subscription calls of a page (the listener survives a reload). */
function braintreePosts(page: Page): Array<{ body: Record<string, unknown>; key: string }> {
  const posts: Array<{ body: Record<string, unknown>; key: string }> = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/braintree/subscriptions/')) {
      posts.push({ body: JSON.parse(r.postData() ?? '{}') as Record<string, unknown>, key: r.headers()['idempotency-key'] ?? '' });
    }
  });
  return posts;
}

/** Pays the plan with PayPal's approval; resolves on the success step. */
async function approvePayPal(page: Page): Promise<void> {
  await page.getByRole('button', { name: en.checkout.alternatives.paypal }).click();
  await paypalWindow(page).getByRole('button', { name: en.checkout.sandbox.approve }).click();
}

describe.concurrent('the upsell after PayPal', () => {
  it('one click charges the vaulted PayPal account once, with no second PayPal window', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    const posts = braintreePosts(page);
    await approvePayPal(page);
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await page.getByText('Paid today: $59.88').waitFor();
    await accept(page).click();
    await page.getByText(ADDED).waitFor({ timeout: 20_000 });
    expect(await paypalWindow(page).count()).toBe(0);
    expect((await subscriptions(email)).map((s) => [s.plan, s.gateway, s.upsell])).toEqual([
      [PLAN, 'braintree', false],
      [UPSELL, 'braintree', true],
    ]);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toMatchObject({ gateway: 'braintree', is_upsell: true });
    expect(posts[1]!.body.payment_method_nonce).toMatch(/^vaulted_nonce_/);
    expect(posts[1]!.key).not.toBe(posts[0]!.key);
    const events = await eventsOf(context, [
      { name: 'Order Completed', props: { upsell: false } },
      { name: 'Order Completed', props: { upsell: true } },
    ]);
    expect(events.find((e) => e.name === 'Order Completed' && e.props.upsell === true)?.props).toMatchObject({ plan: UPSELL, gateway: 'braintree' });

    // a reload shows the add-on as bought and never offers it again
    await page.reload();
    await page.getByText(ADDED).waitFor();
    expect(await accept(page).count()).toBe(0);
    await context.close();
  });

  it('declined: nothing is charged, and it stays declined after a reload', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    await approvePayPal(page);
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    // the decline moves on to the download step; the success step then no longer offers it
    await page.getByRole('button', { name: UPSELL_DECLINE }).click();
    await page.waitForURL(url('/signup/download'));
    await page.goto(url('/checkout/success'));
    await page.getByText('Paid today: $59.88').waitFor();
    expect(await page.getByRole('heading', { name: en.upsell.title }).count()).toBe(0);
    expect((await subscriptions(email)).map((s) => s.plan)).toEqual([PLAN]);
    await context.close();
  });

  it('a double click on the accept buys it once', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    const posts = braintreePosts(page);
    await approvePayPal(page);
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await accept(page).dblclick();
    await page.getByText(ADDED).waitFor({ timeout: 20_000 });
    expect((await subscriptions(email)).filter((s) => s.plan === UPSELL)).toHaveLength(1);
    expect(posts.filter((p) => p.body.is_upsell === true)).toHaveLength(1);
    await context.close();
  });
});

describe.concurrent('a reload while PayPal is processing', () => {
  it('during the plan purchase: the same request is followed to success, one subscription, no failure shown', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    const posts = braintreePosts(page);
    await approvePayPal(page);
    await page.getByText(en.loader.checkout).waitFor();
    await expect.poll(() => posts.length).toBe(1);
    await page.reload();
    // while it resumes, no PayPal button is usable
    expect(
      await page
        .getByRole('button', { name: en.checkout.alternatives.paypal })
        .isVisible()
        .catch(() => false),
    ).toBe(false);
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await page.getByText('Paid today: $59.88').waitFor();
    expect((await subscriptions(email)).map((s) => s.gateway)).toEqual(['braintree']);
    // any post after the reload repeats the first: same key, same body
    expect(new Set(posts.map((p) => p.key)).size).toBe(1);
    expect(new Set(posts.map((p) => JSON.stringify(p.body))).size).toBe(1);
    const events = await eventsOf(context, ['Order Completed']);
    expect(events.filter((e) => e.name === 'purchase_failed')).toEqual([]);
    await accept(page).waitFor();
    await context.close();
  });

  it('during the upsell purchase: the same attempt is followed to its result, bought once', async ({ expect }) => {
    const { context, page, email } = await walkToCheckout();
    const posts = braintreePosts(page);
    await approvePayPal(page);
    await page.waitForURL(url('/checkout/success'), { timeout: 20_000 });
    await accept(page).click();
    await expect.poll(() => posts.filter((p) => p.body.is_upsell === true).length).toBe(1);
    await page.reload();
    await page.getByText(ADDED).waitFor({ timeout: 20_000 });
    expect((await subscriptions(email)).filter((s) => s.plan === UPSELL)).toHaveLength(1);
    const upsellPosts = posts.filter((p) => p.body.is_upsell === true);
    expect(new Set(upsellPosts.map((p) => p.key)).size).toBe(1);
    expect(new Set(upsellPosts.map((p) => JSON.stringify(p.body))).size).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await accept(page).count()).toBe(0);
    await context.close();
  });
});
