/**
 * Where the checkout shows a failure, against the real sandbox API in this process: the express ways
 * to pay (the wallet, PayPal) above the card form, and each failure beside the way to pay that
 * failed, in the funnel's own words (locales), never the processor's; the card form left as it was.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFunnel, type RenderedFunnel } from './harness.tsx';
import { startSandbox, type Sandbox } from './checkout-sandbox.ts';
import en from '../../locales/en.json';

const PLAN = 'gz-3-month-fox';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.stop());

async function openCheckout(): Promise<RenderedFunnel & { email: string }> {
  const { email } = await sandbox.account();
  const f = await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, PLAN) });
  await screen.findByLabelText('Card number', {}, { timeout: 10_000 });
  return { ...f, email };
}

const follows = (a: Node, b: Node): boolean => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
const payButton = (): HTMLElement => screen.getByRole('button', { name: /^Pay \$/ });

describe('failures beside the way to pay that failed', { timeout: 40_000 }, () => {
  it('puts the wallet, then PayPal, then "or pay by card" above the card form', async () => {
    await openCheckout();
    const wallet = await screen.findByRole('button', { name: en.payments.sandboxWallet.button }, { timeout: 10_000 });
    const paypal = await screen.findByRole('button', { name: en.checkout.alternatives.paypal }, { timeout: 10_000 });
    const divider = screen.getByText(en.payments.wallet.or);
    const cardHeading = screen.getByRole('heading', { name: en.checkout.card.title });
    expect(follows(wallet, paypal)).toBe(true);
    expect(follows(paypal, divider)).toBe(true);
    expect(follows(divider, cardHeading)).toBe(true);
    expect(follows(cardHeading, screen.getByLabelText('Card number'))).toBe(true);
  });

  it("shows PayPal's decline beside the PayPal button in the funnel's words, not the processor's, and leaves the card form alone", async () => {
    const f = await openCheckout();
    const user = userEvent.setup();
    const paypal = await screen.findByRole('button', { name: en.checkout.alternatives.paypal }, { timeout: 10_000 });
    await user.click(paypal);
    await user.click(
      within(await screen.findByRole('dialog', { name: en.checkout.sandbox.paypalTitle })).getByRole('button', { name: en.checkout.sandbox.decline }),
    );
    const alert = await screen.findByTestId('alternative-failure', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(en.checkout.decline.paypal);
    expect(alert).toHaveAttribute('role', 'alert');
    // beside the PayPal button, in the same block
    expect(alert.closest('section')).toBe(paypal.closest('section'));
    expect(screen.queryByText(/Do Not Honor/i)).not.toBeInTheDocument();
    expect(screen.queryByTestId('checkout-failure')).not.toBeInTheDocument();
    expect(f.events.find((e) => e.name === 'purchase_failed')?.props).toMatchObject({
      gateway: 'braintree',
      declineCode: 'processor_declined',
      text: 'Do Not Honor',
    });
    expect(sandbox.subscriptions(f.email)).toEqual([]);
  });

  it("shows the wallet's decline beside the wallet button; the card form shows none and its Pay works once filled", async () => {
    const f = await openCheckout();
    const user = userEvent.setup();
    const wallet = await screen.findByRole('button', { name: en.payments.sandboxWallet.button }, { timeout: 10_000 });
    await user.click(wallet);
    await user.click(
      within(await screen.findByRole('dialog', { name: en.payments.sandboxWallet.title })).getByRole('button', { name: en.payments.sandboxWallet.declined }),
    );
    const alert = await screen.findByTestId('wallet-failure', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(`${en.checkout.decline.genericDecline} ${en.payments.wallet.tryAnother}`);
    expect(alert.closest('.checkout-wallet')).toBe(wallet.closest('.checkout-wallet'));
    expect(screen.queryByTestId('checkout-failure')).not.toBeInTheDocument();
    expect(f.store.checkout.declineCode).toBe('generic_decline');

    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByRole('heading', { name: en.success.title }, { timeout: 12_000 })).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email).map((s) => s.plan)).toEqual([PLAN]);
  });
});
