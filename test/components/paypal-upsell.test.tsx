/**
 * PayPal through Braintree after the approval, against the real sandbox API in this process: the
 * upsell charged to the PayPal account just vaulted (no second PayPal window) at most once, its
 * decline, a double click on its accept, and a page that goes away while the PayPal purchase or the
 * upsell purchase is under way (the sandbox charges on arrival and answers 300 ms later here), which
 * comes back to the same purchase: one charge, never a false failure.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { accountKey, readPurchaseRecord, readUpsellAttempt } from '../../engine/payments/index.ts';
import { renderFunnel, type RenderedFunnel } from './harness.tsx';
import { startSandbox, type Sandbox } from './checkout-sandbox.ts';
import { paymentsOf } from '../../scripts/server/sandbox/paymentsState.ts';
import { UPSELL_ADD, UPSELL_DECLINE } from '../upsellTexts.ts';

const PLAN = 'gz-3-month-fox';
const UPSELL = 'gz-monthly-driver-sos-skovoroda';
const ADDED = 'Driver SOS is added to your plan: $9.99/month.';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.stop());

/** The sandbox's Braintree call answers this long after it charged: the time a reload has to go away. */
function slowPortal(): void {
  paymentsOf(sandbox.server.state).braintreeDelayMs = 1500;
  onTestFinished(() => {
    paymentsOf(sandbox.server.state).braintreeDelayMs = 300;
  });
}

const names = (f: RenderedFunnel): string[] => f.events.filter((e) => e.kind === 'track').map((e) => e.name);
/** Segment's Order Completed events of the plan (upsell false) or of the upsell (true). */
const orders = (f: RenderedFunnel, upsell = false) => f.events.filter((e) => e.name === 'Order Completed' && e.props.upsell === upsell);
const accept = (): HTMLElement => screen.getByRole('button', { name: UPSELL_ADD });

/** Signs up, opens /checkout and approves in the sandbox's PayPal window; resolves once the approval is handed over. */
async function approvePayPal(): Promise<RenderedFunnel & { email: string; userId: string; token: string; signedIn: (s: RenderedFunnel['store']) => void }> {
  const { email, userId, token } = await sandbox.account();
  const signedIn = (s: RenderedFunnel['store']): void => sandbox.signedIn(s, PLAN);
  const f = await renderFunnel('/checkout', { state: signedIn });
  const user = userEvent.setup();
  // the page as a visitor finds it: the card form loaded, PayPal's button beside it
  await screen.findByLabelText('Card number', {}, { timeout: 10_000 });
  await user.click(await screen.findByRole('button', { name: 'Pay with PayPal' }, { timeout: 10_000 }));
  await user.click(within(await screen.findByRole('dialog', { name: 'PayPal (test)' })).getByRole('button', { name: 'Approve payment' }));
  return { ...f, email, userId, token, signedIn };
}

/** Pays with PayPal and waits for the upsell's accept to be usable. */
async function paidWithPayPal() {
  const f = await approvePayPal();
  await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 });
  await waitFor(() => expect(accept()).toBeEnabled(), { timeout: 10_000 });
  return f;
}

/** The Idempotency-Keys of the account's Braintree calls, as the sandbox portal keeps them. */
const keysOf = (userId: string): string[] => [...paymentsOf(sandbox.server.state).braintreeIdempotency.keys()].filter((k) => k.startsWith(`${userId}|`));

const upsells = (email: string) => sandbox.subscriptions(email).filter((s) => s.plan === UPSELL);

describe('the upsell after PayPal', { timeout: 30_000 }, () => {
  it('is charged to the vaulted PayPal account with one click, once; no PayPal window opens again', async () => {
    const f = await paidWithPayPal();
    const before = sandbox.braintreePosts(f.token);
    await userEvent.click(accept());
    expect(screen.queryByRole('dialog', { name: 'PayPal (test)' })).not.toBeInTheDocument();
    expect(await screen.findByText(ADDED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email).map((s) => [s.plan, s.gateway, s.upsell])).toEqual([
      [PLAN, 'braintree', false],
      [UPSELL, 'braintree', true],
    ]);
    expect(sandbox.braintreePosts(f.token) - before).toBe(1);
    expect(f.store.checkout.upsellData).toEqual({ success: true, finalPrice: 9.99, regularPrice: 9.99 });
    expect(orders(f, true)).toHaveLength(1);
    expect(orders(f, true)[0]?.props).toMatchObject({ gateway: 'braintree' });
    expect(readUpsellAttempt(f.store.checkout.id)).toBeUndefined();

    // a reload: the receipt keeps the bought add-on, and it is not offered again
    f.unmount();
    await renderFunnel('/checkout/success', { state: f.signedIn });
    expect(await screen.findByText(ADDED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: UPSELL_ADD })).not.toBeInTheDocument();
  });

  it('declined: nothing is charged and a reload does not offer it again', async () => {
    const f = await paidWithPayPal();
    await userEvent.click(screen.getByRole('button', { name: UPSELL_DECLINE }));
    expect(screen.queryByRole('heading', { name: 'Add Driver SOS' })).not.toBeInTheDocument();
    expect(names(f)).toContain('upsell_declined');
    f.unmount();
    await renderFunnel('/checkout/success', { state: f.signedIn });
    await screen.findByText('Paid today: $59.88');
    expect(screen.queryByRole('heading', { name: 'Add Driver SOS' })).not.toBeInTheDocument();
    expect(upsells(f.email)).toEqual([]);
  });

  it('a double click on the accept buys it once', async () => {
    const f = await paidWithPayPal();
    const before = sandbox.braintreePosts(f.token);
    await userEvent.dblClick(accept());
    expect(await screen.findByText(ADDED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(upsells(f.email)).toHaveLength(1);
    expect(sandbox.braintreePosts(f.token) - before).toBe(1);
    expect(orders(f, true)).toHaveLength(1);
  });

  it('a reload during the upsell purchase follows the same attempt to its result: bought once', async () => {
    const f = await paidWithPayPal();
    slowPortal();
    const subscriptionId = f.store.checkout.id;
    const before = sandbox.braintreePosts(f.token);
    await userEvent.click(accept());
    // the attempt is stored before its call; the page goes away before the answer
    await waitFor(() => expect(readUpsellAttempt(subscriptionId)).toMatchObject({ method: 'paypal' }));
    await waitFor(() => expect(sandbox.braintreePosts(f.token) - before).toBe(1));
    expect(screen.queryByText(ADDED)).not.toBeInTheDocument();
    const attempt = readUpsellAttempt(subscriptionId)!;
    f.unmount();

    const reloaded = await renderFunnel('/checkout/success', { state: f.signedIn });
    expect(await screen.findByText(ADDED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(upsells(f.email)).toHaveLength(1);
    // the same request again (same key, event id and nonce), answered from what the portal kept
    expect(sandbox.braintreePosts(f.token) - before).toBe(2);
    expect(orders(reloaded, true)[0]?.props).toMatchObject({ gateway: 'braintree' });
    expect(readUpsellAttempt(subscriptionId)).toBeUndefined();
    expect(attempt.nonce).toMatch(/^vaulted_nonce_/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a reload during the PayPal purchase', { timeout: 30_000 }, () => {
  it('comes back to the same purchase: processing, then success, one subscription', async () => {
    slowPortal();
    const f = await approvePayPal();
    await waitFor(() => expect(readPurchaseRecord(accountKey(f.userId, f.email))).toMatchObject({ status: 'processing', gateway: 'braintree' }));
    // the portal has the call (and charges on arrival) before the page goes away
    await waitFor(() => expect(keysOf(f.userId)).toHaveLength(1));
    const { idempotencyKey } = readPurchaseRecord(accountKey(f.userId, f.email))!;
    f.unmount(); // the page goes away while the portal still answers

    const reloaded = await renderFunnel('/checkout', { state: f.signedIn });
    expect(screen.queryByRole('button', { name: 'Pay with PayPal' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(reloaded.path()).toBe('/checkout/success');
    expect(screen.getByText('Paid today: $59.88')).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email).map((s) => s.gateway)).toEqual(['braintree']);
    // every post after the reload was the same request (one key for the account), answered from what the portal kept
    expect(keysOf(f.userId)).toEqual([`${f.userId}|${idempotencyKey}`]);
    expect(orders(reloaded)).toHaveLength(1);
    expect(names(reloaded)).not.toContain('purchase_failed');
    expect(readPurchaseRecord(accountKey(f.userId, f.email))).toMatchObject({ status: 'succeeded', gateway: 'braintree' });
    // and the upsell is offered on the PayPal account
    await waitFor(() => expect(accept()).toBeEnabled(), { timeout: 10_000 });
  });
});

describe('a reload during the card upsell purchase', { timeout: 30_000 }, () => {
  it('follows the same attempt (same Idempotency-Key) to its result: bought once', async () => {
    const { email } = await sandbox.account();
    const signedIn = (s: RenderedFunnel['store']): void => sandbox.signedIn(s, PLAN);
    const f = await renderFunnel('/checkout', { state: signedIn });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number', {}, { timeout: 10_000 }), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Pay $59.88' }));
    await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 });
    await waitFor(() => expect(accept()).toBeEnabled(), { timeout: 10_000 });
    const subscriptionId = f.store.checkout.id;
    await user.click(accept());
    await waitFor(() => expect(readUpsellAttempt(subscriptionId)).toMatchObject({ method: 'card' }));
    f.unmount();

    await renderFunnel('/checkout/success', { state: signedIn });
    expect(await screen.findByText(ADDED, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(upsells(email)).toHaveLength(1);
    expect(upsells(email)[0]!.gateway).toBe('stripe');
  });
});
