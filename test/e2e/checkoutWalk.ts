/** The visitor's way to /checkout and the sandbox's answers, shared by the payment e2e tests. */
import type { BrowserContext, Page } from 'playwright-core';
import { vi } from 'vitest';
import { baseUrl, newVisitor, sandboxEvents, uniqueEmail, type VisitorOptions, writtenVisitorId } from './browser.ts';
import en from '../../locales/en.json';
import { PURCHASE_RECORD_KEY } from '../../engine/payments/index.ts';
import { walk } from './visitor.ts';

export type { Texts } from './visitor.ts';
import type { Texts } from './visitor.ts';
export const url = (path: string): string => `${baseUrl()}${path}`;

export interface Visitor {
  context: BrowserContext;
  page: Page;
  email: string;
}

/**
 * From "/" along the main flow (each screen as a visitor handles it: test/e2e/visitor.ts) with the paywall's default plan to the checkout.
 * @param emailTag added before the @ of the signup address (e.g. '+force3ds')
 */
export async function walkToCheckout(t: Texts = en, options: VisitorOptions = {}, emailTag = ''): Promise<Visitor> {
  const { context, page } = await newVisitor({ locale: 'en-US', ...options });
  const email = uniqueEmail('checkout').replace('@', `${emailTag}@`);
  // the landing arrives prerendered: the visitor taps Continue as soon as it shows, before React has
  // hydrated it (the page holds the tap and replays it then: engine/react/earlyClicks.ts)
  await walk(page, { baseUrl: baseUrl(), landingPath: '/', until: { screen: 'checkout' }, texts: t, choices: { email } });
  await page.getByLabel(t.checkout.card.number).waitFor();
  return { context, page, email };
}

/** Types a card like a visitor; expiry, CVC and name only the first time. */
export async function typeCard(page: Page, number: string, t: Texts = en): Promise<void> {
  const field = page.getByLabel(t.checkout.card.number);
  await field.fill('');
  await field.pressSequentially(number);
  const expiry = page.getByLabel(t.checkout.card.expiry);
  if (!(await expiry.inputValue())) {
    await expiry.pressSequentially('1234');
    await page.getByLabel(t.checkout.card.cvc).pressSequentially('123');
    await page.getByLabel(t.checkout.card.name).fill('Ada Lovelace');
  }
}

/** The English pay button ("Pay $59.88"), not "Pay with PayPal" nor the wallet. */
/** The card form's Pay button, whose label ends in the price in the visitor's currency ("Pay $59.88", "Pay €59.88", "Pay ¥8,880"). */
export const payButton = (page: Page) => page.getByRole('button', { name: /^Pay [^a-z\s]/i });

export interface SandboxSubscription {
  plan: string;
  upsell: boolean;
  gateway: string;
  price_with_discount: number;
  /** The ISO 4217 currency charged. */
  currency: string;
}

/** The account's subscriptions as the sandbox keeps them. */
export async function subscriptions(email: string): Promise<SandboxSubscription[]> {
  const res = await fetch(url(`/sandbox/subscriptions?email=${encodeURIComponent(email)}`));
  return ((await res.json()) as { subscriptions: SandboxSubscription[] }).subscriptions;
}

/** The subscription calls a page sends, in order: each one's Idempotency-Key and body (the listener survives a reload). */
export function countPosts(page: Page): Array<{ key: string | undefined; body: string }> {
  const posts: Array<{ key: string | undefined; body: string }> = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/subscriptions/polling/')) posts.push({ key: r.headers()['idempotency-key'], body: r.postData() ?? '' });
  });
  return posts;
}

/**
 * Waits until the purchase is sent: the in-flight record is stored as soon as the purchase is claimed,
 * before the card is tokenised, and gets its payment method just before the subscription call. A reload
 * before that has sent nothing, so the Pay button rightly comes back; a reload after it must resume the
 * same purchase.
 */
export async function purchaseStored(page: Page): Promise<void> {
  await page.waitForFunction((prefix) => {
    const records = Object.keys(localStorage).filter((key) => key.startsWith(`${prefix}:`));
    return records.some((key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { paymentMethodId?: string }).paymentMethodId);
  }, PURCHASE_RECORD_KEY);
}

/** The tracked events of a visitor, once the given ones have arrived (sendBeacon is asynchronous). */
/** An event to wait for: its name, or its name and some of its properties (the upsell's Order Completed: `{ name: 'Order Completed', props: { upsell: true } }`). */
export type AwaitedEvent = string | { name: string; props: Record<string, unknown> };

export async function eventsOf(context: BrowserContext, waitFor: AwaitedEvent[]): Promise<Array<{ name: string; props: Record<string, unknown> }>> {
  const id = await writtenVisitorId(context);
  let events: Array<{ kind: string; name: string; props: Record<string, unknown> }> = [];
  // vi.waitFor, not expect.poll: the payment files run their tests concurrently, and expect.poll needs the test's own expect
  await vi.waitFor(
    async () => {
      events = (await sandboxEvents(id)).filter((e) => e.kind === 'track');
      const arrived = (w: AwaitedEvent): boolean =>
        typeof w === 'string'
          ? events.some((e) => e.name === w)
          : events.some((e) => e.name === w.name && Object.entries(w.props).every(([k, v]) => e.props[k] === v));
      const missing = waitFor.filter((w) => !arrived(w));
      if (missing.length) throw new Error(`events not arrived yet: ${JSON.stringify(missing)}`);
    },
    { timeout: 10_000, interval: 100 },
  );
  return events;
}
