/**
 * The checkout and success screens with the sandbox gateway, against the real sandbox API in
 * this process (test/components/checkout-sandbox.ts): what the visitor sees and what is stored and
 * logged for each test card, 3-D Secure, the PayPal sandbox, a double click and the upsell.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFunnel, type RenderedFunnel } from './harness.tsx';
import { startSandbox, type Sandbox } from './checkout-sandbox.ts';
import { RECEIPT_KEY } from '../../engine/payments/index.ts';
import { UPSELL_ADD, UPSELL_BILLING, UPSELL_DECLINE } from '../upsellTexts.ts';
import en from '../../locales/en.json';

const PLAN = 'gz-3-month-fox'; // $59.88 for 3 months
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.stop());

async function openCheckout(plan = PLAN): Promise<RenderedFunnel & { email: string }> {
  const { email } = await sandbox.account();
  const f = await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, plan) });
  await screen.findByLabelText('Card number');
  return { ...f, email };
}

async function fillCard(number: string, user = userEvent.setup()): Promise<void> {
  const field = screen.getByLabelText('Card number');
  await user.clear(field);
  await user.type(field, number);
  if (!(screen.getByLabelText('Expiry date (MM/YY)') as HTMLInputElement).value) {
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
  }
}

const payButton = (): HTMLElement => screen.getByRole('button', { name: 'Pay $59.88' });
const names = (f: RenderedFunnel): string[] => f.events.filter((e) => e.kind === 'track').map((e) => e.name);
/** Segment's Order Completed events of the plan (upsell false) or of the upsell (true). */
const orders = (f: RenderedFunnel, upsell = false) => f.events.filter((e) => e.name === 'Order Completed' && e.props.upsell === upsell);

describe('checkout screen', { timeout: 20_000 }, () => {
  it('sends a visitor without an account to sign up first', async () => {
    const f = await renderFunnel('/checkout');
    expect(await screen.findByRole('heading', { name: 'Create your account first' })).toBeInTheDocument();
    expect(screen.getByText('To pay, we need your email address: your subscription is linked to your account.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(f.path()).toBe('/signup');
    expect(f.events.find((e) => e.name === 'step_completed')?.props).toMatchObject({ step: 'checkout', outcome: 'needsSignup', next: 'signup' });
  });

  it('shows the chosen plan and its price; pay stays disabled until the card form is valid', async () => {
    const f = await openCheckout();
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('3-month plan')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$59.88');
    expect(screen.getByText('$59.88 for 3 months')).toHaveClass('checkout-summary__note');
    // the renewal is worded one way everywhere: every 3 months, with the one cancellation sentence
    expect(screen.getByTestId('checkout-terms')).toHaveTextContent(
      'Renews automatically at $59.88 every 3 months until you cancel. Cancel anytime in the app settings.',
    );
    // the test card as one left-to-right piece that never breaks (it wrapped and reordered in Arabic)
    expect(screen.getByText(/Test mode: no real money is charged/).textContent).toBe(
      'Test mode: no real money is charged. Use a test card such as \u20664242\u00a04242\u00a04242\u00a04242\u2069.',
    );
    expect(payButton()).toBeDisabled();
    expect(f.store.plans.checkoutVisited).toBe(true);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), '4242424242424241');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4241');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '0120');
    expect(screen.getByLabelText('Expiry date (MM/YY)')).toHaveValue('01/20');
    await user.type(screen.getByLabelText('CVC'), '12');
    await user.click(screen.getByLabelText('Cardholder name'));
    await user.tab();
    expect(screen.getByText('Enter a valid card number.')).toBeInTheDocument();
    expect(screen.getByText('This card has expired.')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3- or 4-digit security code.')).toBeInTheDocument();
    expect(screen.getByText('Enter the name shown on the card.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(payButton()).toBeDisabled();
    expect(f.store.checkout.isFormValid).toBe(false);

    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.clear(screen.getByLabelText('Expiry date (MM/YY)'));
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '3');
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
    expect(f.store.checkout).toMatchObject({ isFormValid: true, cardholderName: 'Ada Lovelace' });
    expect(payButton()).toBeEnabled();
  });

  it('4242: pays with the checkout loader, then shows the prices, the e-mail notice and the upsell', async () => {
    const f = await openCheckout();
    await fillCard('4242424242424242');
    await userEvent.click(payButton());
    // shown once the purchase holds its claim and its first call is out
    expect(await screen.findByText('Please keep the page open. Your order is being processed. Billing may take a few minutes.')).toBeInTheDocument();
    // the brand's processing page, saying what is happening, over the form while the payment runs
    const processing = screen.getByTestId('payment-processing');
    expect(processing).toBeVisible();
    expect(within(processing).getByRole('img', { name: 'Family Locator' })).toBeInTheDocument();
    expect(within(processing).getByRole('heading', { name: 'Confirming your payment with your bank…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5000 })).toBeInTheDocument();
    expect(f.path()).toBe('/checkout/success');
    expect(f.store.loader.show).toBe(false);
    expect(f.store.checkout).toMatchObject({ isSuccess: true, finalPrice: 59.88, regularPrice: 59.88, discountPercentage: 0 });
    expect(screen.getByText('We have sent an email with your purchase details. Please check your inbox.')).toBeInTheDocument();
    expect(screen.getByText('Paid today: $59.88')).toBeInTheDocument();
    expect(screen.getByText(/^Order reference: GZ-[A-Z2-9]{4}-[A-Z2-9]{2}$/)).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email).map((s) => s.plan)).toEqual([PLAN]);
    expect(names(f)).toEqual(expect.arrayContaining(['Checkout Started', 'Payment Info Entered', 'Order Completed']));
    expect(names(f)).not.toContain('purchase_failed');
    expect(screen.getByRole('heading', { name: 'Add Driver SOS' })).toBeInTheDocument();
  });

  it('4000000000009995: shows the decline once, next to the pay button, logs it, and takes another card', async () => {
    const f = await openCheckout();
    await fillCard('4000000000009995');
    await userEvent.click(payButton());
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toBe(screen.getByTestId('checkout-failure'));
    expect(alert).toHaveTextContent('Your card has insufficient funds. Check the details or try another card.');
    // announced and focused right above Pay, with the card form still filled in
    await waitFor(() => expect(alert).toHaveFocus());
    expect(alert.nextElementSibling).toBe(payButton());
    expect(screen.getByLabelText('Cardholder name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Card number')).not.toHaveValue('');
    // the processing page is kept in the page, hidden, for the next Pay
    expect(screen.getByTestId('payment-processing')).not.toBeVisible();
    expect(screen.getAllByText(/insufficient funds/)).toHaveLength(1);
    expect(f.store.error.show).toBe(false);
    expect(f.store.checkout.declineCode).toBe('insufficient_funds');
    const failed = f.events.find((e) => e.name === 'purchase_failed');
    expect(failed?.props).toMatchObject({ declineCode: 'insufficient_funds' });
    expect(names(f)).toContain('payment_declined');
    expect(sandbox.subscriptions(f.email)).toEqual([]);
    expect(f.path()).toBe('/checkout');

    await fillCard('4242424242424242');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5000 })).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email)).toHaveLength(1);
  });

  it.each([
    ['4000000000000002', 'Your card was declined.', 'generic_decline'],
    ['4000000000000069', 'Your card has expired.', 'expired_card'],
    ['4000000000000127', "Your card's security code is incorrect.", 'incorrect_cvc'],
    ['4000000000000119', 'An error occurred while processing your card. Try again in a little bit.', 'processing_error'],
  ])('%s shows Stripe\'s decline "%s"', async (number, text, code) => {
    const f = await openCheckout();
    await fillCard(number);
    await userEvent.click(payButton());
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(text);
    expect(f.store.checkout.declineCode).toBe(code);
    expect(names(f)).not.toContain('payment_declined');
  });

  it('4000002500003155: asks for 3-D Secure and completes the purchase on Complete', async () => {
    const f = await openCheckout();
    await fillCard('4000002500003155');
    await userEvent.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: '3-D Secure check' }, { timeout: 5000 });
    expect(within(dialog).getByText('Test bank: confirm the payment of $59.88. Choose Complete to pass the check or Fail to refuse it.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5000 })).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email)).toHaveLength(1);
  });

  it("4000002500003155: a failed challenge shows Stripe's message and charges nothing", async () => {
    const f = await openCheckout();
    await fillCard('4000002500003155');
    await userEvent.click(payButton());
    const dialog = await screen.findByRole('dialog', { name: '3-D Secure check' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fail' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(f.store.checkout.declineCode).toBe('payment_intent_authentication_failure');
    expect(sandbox.subscriptions(f.email)).toEqual([]);
  });

  it('a double click on pay starts one purchase', async () => {
    const f = await openCheckout();
    await fillCard('4242424242424242');
    const before = sandbox.subscriptionPosts();
    await userEvent.dblClick(payButton());
    await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5000 });
    expect(sandbox.subscriptionPosts() - before).toBe(1);
    expect(sandbox.subscriptions(f.email)).toHaveLength(1);
    expect(orders(f)).toHaveLength(1);
  });

  it('pays with the PayPal sandbox (the Braintree path), and shows a declined approval', async () => {
    const f = await openCheckout();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay with PayPal' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'PayPal (test)' })).getByRole('button', { name: 'Decline' }));
    // the funnel's own words beside the PayPal button, never the processor's (checkout-method-failures.test.tsx)
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(en.checkout.decline.paypal);
    expect(f.events.find((e) => e.name === 'purchase_failed')?.props).toMatchObject({ gateway: 'braintree' });

    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'PayPal (test)' })).getByRole('button', { name: 'Approve payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 5000 })).toBeInTheDocument();
    expect(sandbox.subscriptions(f.email).map((s) => s.gateway)).toEqual(['braintree']);
    // the upsell is offered on the PayPal account just vaulted (test/components/paypal-upsell.test.tsx)
    expect(await screen.findByRole('heading', { name: 'Add Driver SOS' })).toBeInTheDocument();
  });
});

describe('checkout success screen and the upsell', { timeout: 30_000 }, () => {
  async function paid(): Promise<RenderedFunnel & { email: string }> {
    const f = await openCheckout();
    await fillCard('4242424242424242');
    await userEvent.click(payButton());
    // the purchase polls the sandbox a few times: allow for a busy machine (the tests run beside the browser ones)
    await screen.findByRole('heading', { name: 'Add Driver SOS' }, { timeout: 12_000 });
    await waitFor(() => expect(screen.getByRole('button', { name: UPSELL_ADD })).toBeEnabled());
    // one way to add it, one to decline it: no third button that means the same as the decline
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: UPSELL_ADD })).toHaveClass('fe-button--primary');
    return f;
  }

  it('buys the upsell once with the same card, and a reload cannot offer it again', async () => {
    const f = await paid();
    expect(screen.getByTestId('upsell-price')).toHaveTextContent(UPSELL_BILLING);
    // charged the way the plan was paid, named as a payment method (a wallet or PayPal is no card)
    expect(screen.getByText(/Charged to the payment method you just used\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: UPSELL_ADD }));
    expect(await screen.findByText(`Driver SOS is added to your plan: ${UPSELL_BILLING}.`, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add Driver SOS' })).not.toBeInTheDocument();
    expect(f.store.checkout.upsellData).toEqual({ success: true, finalPrice: 9.99, regularPrice: 9.99 });
    expect(orders(f, true)).toHaveLength(1);
    expect(sandbox.subscriptions(f.email).map((s) => [s.plan, s.upsell])).toEqual([
      [PLAN, false],
      ['gz-monthly-driver-sos-skovoroda', true],
    ]);

    // a reload: a fresh store (the session's token), the session receipt restores the prices and the bought upsell
    f.unmount();
    const again = await renderFunnel('/checkout/success', { state: (s) => sandbox.signedIn(s, PLAN) });
    expect(await screen.findByText('Paid today: $59.88')).toBeInTheDocument();
    expect(screen.getByText(`Driver SOS is added to your plan: ${UPSELL_BILLING}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: UPSELL_ADD })).not.toBeInTheDocument();
    expect(again.store.checkout.upsellData.success).toBe(true);
  });

  it('declines the upsell for good and continues to download', async () => {
    const f = await paid();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: UPSELL_DECLINE }));
    });
    // the decline is the way on: straight to the download step
    expect(f.path()).toBe('/signup/download');
    expect(JSON.parse(sessionStorage.getItem(RECEIPT_KEY) ?? '{}')).toMatchObject({ upsellClosed: true });
    f.unmount();
    const again = await renderFunnel('/checkout/success', { state: (s) => sandbox.signedIn(s, PLAN) });
    await screen.findByText('Paid today: $59.88');
    expect(screen.queryByRole('heading', { name: 'Add Driver SOS' })).not.toBeInTheDocument();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    });
    expect(again.path()).toBe('/signup/download');
    expect(sandbox.subscriptions(f.email)).toHaveLength(1);
  });
});
