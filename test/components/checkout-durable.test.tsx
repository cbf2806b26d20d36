/**
 * Durable purchases in the screens, against the real sandbox API: a page that goes away while the
 * payment is processing comes back to the same purchase (processing, then success, one subscription,
 * no second subscription call), a subscribed visitor is sent from the paywall to their success step,
 * and a trial plan says what it costs today and when it renews.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimName, readPurchaseRecord, writePurchaseRecord } from '../../engine/payments/index.ts';
import type { GatewayRegistration } from '../../engine/payments/gateways.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '../../scripts/server/sandbox/account.ts';
import { renderFunnel, type RenderedFunnel } from './harness.tsx';
import { startSandbox, type Sandbox } from './checkout-sandbox.ts';

const PLAN = 'gz-3-month-fox';
const PROCESSING = 'Please keep the page open. Your order is being processed. Billing may take a few minutes.';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.stop());

async function fill4242(): Promise<void> {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Card number'), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $59.88' })).toBeEnabled());
}

async function payWith4242(): Promise<void> {
  await fill4242();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Pay $59.88' }));
}

describe('durable purchases', { timeout: 60_000 }, () => {
  it('a reload while processing resumes the same purchase: processing, then success, one subscription', async () => {
    const { email, key } = await sandbox.account();
    const signedIn = (s: RenderedFunnel['store']): void => sandbox.signedIn(s, PLAN);
    const first = await renderFunnel('/checkout', { state: signedIn });
    await screen.findByLabelText('Card number', {}, { timeout: 8000 });
    const postsBefore = sandbox.subscriptionPosts();
    await payWith4242();
    await waitFor(() => expect(readPurchaseRecord(key)?.pollingId).toMatch(/^poll_sb_/), { timeout: 5000 });
    first.unmount(); // the page goes away while the sandbox still answers 202

    const reloaded = await renderFunnel('/checkout', { state: signedIn });
    expect(screen.queryByRole('button', { name: 'Pay $59.88' })).toBeNull(); // not offered (the hidden form is not accessible)
    // found = shown; it may be gone a moment later, when the result arrives and success replaces it
    await screen.findByText(PROCESSING);
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 8000 })).toBeInTheDocument();
    expect(reloaded.path()).toBe('/checkout/success');
    expect(screen.getByText('Paid today: $59.88')).toBeInTheDocument();
    expect(sandbox.subscriptions(email)).toHaveLength(1);
    expect(sandbox.subscriptionPosts() - postsBefore).toBe(1);
    // the success step notes its address in an effect, which may run just after its heading is on screen
    await waitFor(() => expect(readPurchaseRecord(key)).toMatchObject({ status: 'succeeded', successPath: '/checkout/success' }));

    // after success, the paywall and the checkout send the visitor back to the success step
    reloaded.unmount();
    const plans = await renderFunnel('/signup/plans', { state: (s) => sandbox.signedIn(s, 'gz-1-month-tiger') });
    await waitFor(() => expect(plans.path()).toBe('/checkout/success'));
    expect(await screen.findByText('Paid today: $59.88')).toBeInTheDocument();
    plans.unmount();
    const checkout = await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, 'gz-1-month-tiger') });
    await waitFor(() => expect(checkout.path()).toBe('/checkout/success'));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(sandbox.subscriptions(email)).toHaveLength(1);
  });

  it('tokenises the card and asks for the cross-tab claim in the tap itself, and shows the processing page once claimed; one subscription', async () => {
    const { email, key } = await sandbox.account();
    const f = await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, PLAN) });
    await screen.findByLabelText('Card number', {}, { timeout: 8000 });
    await fill4242();
    // what happens first: the card's tokenisation leaving, or the processing page showing
    const order: string[] = [];
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/payment_methods')) order.push('tokenise');
      return realFetch(input, init);
    });
    const processing = screen.getByTestId('payment-processing');
    const observer = new MutationObserver(() => {
      if (!processing.hidden && !order.includes('processing')) order.push('processing');
    });
    observer.observe(processing, { attributes: true });
    try {
      // one synchronous click: the card's tokenisation leaves and the claim (jsdom has no Web Locks: the lease)
      // is written before the tap's task ends, and nothing is rendered in it (the tap's task stays short)
      fireEvent.click(screen.getByRole('button', { name: 'Pay $59.88' }));
      expect(order).toEqual(['tokenise']);
      expect(JSON.parse(localStorage.getItem(claimName(key)) ?? 'null')).toMatchObject({ owner: expect.any(String) });
      expect(processing).not.toBeVisible();
      await waitFor(() => expect(processing).toBeVisible());
      expect(screen.getByText(PROCESSING)).toBeInTheDocument();
      expect(order).toEqual(['tokenise', 'processing']);
      expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 8000 })).toBeInTheDocument();
    } finally {
      observer.disconnect();
      fetchSpy.mockRestore();
    }
    expect(f.path()).toBe('/checkout/success');
    expect(sandbox.subscriptions(email)).toHaveLength(1);
  });

  it('resumes a card purchase whose gateway cannot load with the backend id of the card registration it was paid through', async () => {
    const { email, key } = await sandbox.account();
    // the card was tokenised and the record written, then the page went away before the subscription call answered
    const method = await fetch(`${sandbox.server.url}/sandbox/stripe/v1/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_PUBLISHABLE_KEY}` },
      body: JSON.stringify({ type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' }, billing_details: { name: 'Ada' } }),
    });
    const paymentMethodId = ((await method.json()) as { id: string }).id;
    writePurchaseRecord({
      account: key,
      plan: PLAN,
      idempotencyKey: `resume-${key}`,
      fbEventId: `resume-${key}`,
      paymentMethodId,
      pollingId: '',
      startedAt: Date.now(),
      status: 'processing',
      checkoutPath: '/checkout',
      successPath: '',
    });
    // the sandbox takes only "stripe": posting the unavailable registration's id, or a fixed one of another product, would be refused
    const unavailable: GatewayRegistration = {
      id: 'other-card',
      backendId: 'other',
      kind: 'card',
      available: () => false,
      load: () => Promise.reject(new Error('unused')),
    };
    const chunkFails: GatewayRegistration = {
      id: 'stripe-card',
      backendId: 'stripe',
      kind: 'card',
      available: () => true,
      load: () => Promise.reject(new Error('Loading chunk failed')),
    };
    const postsBefore = sandbox.subscriptionPosts();
    const page = await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, PLAN), gateways: [unavailable, chunkFails] });
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(page.path()).toBe('/checkout/success');
    expect(sandbox.subscriptions(email)).toHaveLength(1);
    expect(sandbox.subscriptionPosts() - postsBefore).toBe(1);
  });

  it('a tab without the session shows the purchase under way, not a signup or a Pay button', async () => {
    const { email, key, userId } = await sandbox.account();
    const first = await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, PLAN) });
    await screen.findByLabelText('Card number', {}, { timeout: 8000 });
    await payWith4242();
    await waitFor(() => expect(readPurchaseRecord(key)?.pollingId).toMatch(/^poll_sb_/), { timeout: 5000 });
    first.unmount();
    // another tab: the persisted e-mail and user id, but no access token (it lives in session storage only)
    await renderFunnel('/checkout', { state: (s) => Object.assign(s.signup, { email, userId: userId }) });
    expect(await screen.findByText("Your payment is being processed in another tab. We'll show the result here.")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create your account first' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('a free-trial plan: "Start free trial", what is due today and from when it renews, and the terms', async () => {
    await sandbox.account();
    await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, 'gz-monthly-free3d-2999', 'trial') });
    await screen.findByLabelText('Card number', {}, { timeout: 8000 });
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /\$0\.00/ })).not.toBeInTheDocument();
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(Date.now() + 3 * 86_400_000));
    expect(screen.getByTestId('checkout-due')).toHaveTextContent(`Due today $0.00, then $29.99 per month from ${date}.`);
    expect(screen.getByTestId('checkout-terms')).toHaveTextContent(
      `Cancel before ${date} and you won't be charged. Otherwise it renews automatically at $29.99 per month until you cancel. Cancel anytime in the app settings.`,
    );
    expect(screen.getByRole('img', { name: 'Accepted cards: Visa, Mastercard, American Express' })).toBeInTheDocument();
  });
});
