/**
 * The wallet above the card form (the sandbox wallet of preview builds) and 3-D Secure for EU
 * customers, against the real sandbox API in this process: the sheet's labels, approve, cancel, a
 * declined wallet card, a wallet card that asks for 3-D Secure, a double click, and the upsell
 * charged to the wallet's payment method.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderFunnel, type RenderedFunnel } from './harness.tsx';
import { startSandbox, type Sandbox } from './checkout-sandbox.ts';
import { UPSELL_ADD } from '../upsellTexts.ts';

const PLAN = 'gz-3-month-fox'; // $59.88 for 3 months
const WALLET = 'Pay with the test wallet';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.stop());

async function openCheckout(force3ds = false): Promise<RenderedFunnel & { email: string }> {
  const { email } = await sandbox.account();
  const f = await renderFunnel('/checkout', {
    state: (s) => {
      sandbox.signedIn(s, PLAN);
      s.signup.force3ds = force3ds;
    },
  });
  // the sandbox gateway is a lazy chunk: on a loaded machine it can take a few seconds
  await screen.findByLabelText('Card number', {}, { timeout: 10_000 });
  return { ...f, email };
}

/** Opens the wallet sheet and picks one of its buttons. */
async function walletChoice(name: string, user = userEvent.setup()): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: WALLET }, { timeout: 10_000 }));
  const sheet = await screen.findByRole('dialog', { name: 'Test wallet' });
  await user.click(within(sheet).getByRole('button', { name }));
  return sheet;
}

const names = (f: RenderedFunnel): string[] => f.events.filter((e) => e.kind === 'track').map((e) => e.name);
/** Segment's Order Completed events of the plan (upsell false) or of the upsell (true). */
const orders = (f: RenderedFunnel, upsell = false) => f.events.filter((e) => e.name === 'Order Completed' && e.props.upsell === upsell);

describe('wallet in the checkout', { timeout: 40_000 }, () => {
  it('sits above the card form, labels the charge with the plan, the price today and the terms, and pays', async () => {
    const f = await openCheckout();
    const wallet = await screen.findByRole('button', { name: WALLET }, { timeout: 10_000 });
    // the wallet comes before the card form's heading and fields
    expect(wallet.compareDocumentPosition(screen.getByRole('heading', { name: 'Pay by card' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('or pay by card')).toBeInTheDocument();
    await userEvent.click(wallet);
    const sheet = await screen.findByRole('dialog', { name: 'Test wallet' });
    expect(within(sheet).getByText('3-month plan: $59.88 today, then $59.88 every 3 months. Test mode: no real money is charged.')).toBeInTheDocument();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email).map((s) => [s.plan, s.gateway])).toEqual([[PLAN, 'stripe']]);
    expect(f.store.checkout.stripeNonce).toMatch(/^pm_/);
    expect(names(f)).toEqual(expect.arrayContaining(['Payment Info Entered', 'Order Completed']));

    // the upsell is charged to the wallet's payment method, once
    const add = await screen.findByRole('button', { name: UPSELL_ADD });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByText('Driver SOS is added to your plan: $9.99/month.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email).map((s) => s.upsell)).toEqual([false, true]);
    expect(screen.queryByRole('button', { name: UPSELL_ADD })).not.toBeInTheDocument();
  });

  it('does nothing but log it when the visitor closes the sheet', async () => {
    const f = await openCheckout();
    const before = sandbox.subscriptionPosts();
    await walletChoice('Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names(f)).toContain('wallet_cancelled');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sandbox.subscriptionPosts()).toBe(before);
    expect(screen.getByRole('button', { name: WALLET })).toBeEnabled();
    expect(f.path()).toBe('/checkout');
  });

  it('shows a declined wallet card beside the wallet, and charges nothing', async () => {
    const f = await openCheckout();
    await walletChoice('Pay with a declined card');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'Your card was declined. Choose another card in your wallet, or pay by card below.',
    );
    expect(f.store.checkout.declineCode).toBe('generic_decline');
    expect(f.events.find((e) => e.name === 'purchase_failed')?.props).toMatchObject({ declineCode: 'generic_decline', gateway: 'stripe' });
    expect(sandbox.subscriptions(f.email)).toEqual([]);
    expect(screen.getByRole('button', { name: WALLET })).toBeEnabled();
  });

  it('runs the 3-D Secure challenge for a wallet card that asks for it', async () => {
    const f = await openCheckout();
    await walletChoice('Pay with a card that asks for 3-D Secure');
    const challenge = await screen.findByRole('dialog', { name: '3-D Secure check' }, { timeout: 10_000 });
    await userEvent.click(within(challenge).getByRole('button', { name: 'Fail' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('We are unable to authenticate your payment method.');
    expect(sandbox.subscriptions(f.email)).toEqual([]);

    await walletChoice('Pay with a card that asks for 3-D Secure');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: '3-D Secure check' }, { timeout: 10_000 })).getByRole('button', { name: 'Complete' }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email)).toHaveLength(1);
  });

  it('a double click opens one sheet and starts one purchase; the wallet is disabled and hidden while it runs', async () => {
    const f = await openCheckout();
    const before = sandbox.subscriptionPosts();
    const user = userEvent.setup();
    await user.dblClick(await screen.findByRole('button', { name: WALLET }, { timeout: 10_000 }));
    expect(await screen.findAllByRole('dialog', { name: 'Test wallet' })).toHaveLength(1);
    await user.click(within(screen.getByRole('dialog', { name: 'Test wallet' })).getByRole('button', { name: 'Pay' }));
    // while it runs the wallet is disabled, and hidden behind the purchase under way
    await waitFor(() => expect(screen.getByRole('button', { name: WALLET, hidden: true })).toBeDisabled());
    // hidden as soon as the purchase is claimed and recorded (the claim takes a moment without Web Locks)
    await waitFor(() => expect(screen.queryByRole('button', { name: WALLET })).not.toBeInTheDocument());
    expect(screen.getByTestId('checkout-processing')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 });
    expect(sandbox.subscriptionPosts() - before).toBe(1);
    expect(orders(f)).toHaveLength(1);
  });
});

describe('3-D Secure for EU customers', { timeout: 40_000 }, () => {
  // a browser in New York with an en-US locale: only the card's country can make the visitor an EU customer
  beforeEach(() => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...real.call(this), timeZone: 'America/New_York' };
    });
  });
  afterEach(() => vi.restoreAllMocks());

  async function fillCard(number: string): Promise<void> {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), number);
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Pay $59.88' }));
  }

  it('asks for the challenge for a German card when the payment settings force it', async () => {
    const f = await openCheckout(true);
    await fillCard('4000002760000016');
    const challenge = await screen.findByRole('dialog', { name: '3-D Secure check' }, { timeout: 10_000 });
    await userEvent.click(within(challenge).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email)).toHaveLength(1);
  });

  it('does not ask for a US card when the setting is on', async () => {
    await openCheckout(true);
    await fillCard('4242424242424242');
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '3-D Secure check' })).not.toBeInTheDocument();
  });

  it('does not ask for a German card when the setting is off', async () => {
    await openCheckout(false);
    await fillCard('4000002760000016');
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '3-D Secure check' })).not.toBeInTheDocument();
  });
});
