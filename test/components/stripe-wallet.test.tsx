/**
 * The Stripe wallet (Apple Pay / Google Pay through stripe.paymentRequest) with a fake Stripe: what
 * the sheet is asked to show, the button only where the browser offers a wallet, the payment method
 * handed on, cancel, and no second sheet while a purchase runs. Stripe.js itself cannot load here.
 */
import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Stripe } from '@stripe/stripe-js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { WalletCharge } from '../../engine/payments/index.ts';
import { createStripeWallet, paymentRequestOptions } from '../../engine/payments/stripe/stripeWallet.tsx';
import { WalletPayment } from '../../screens/checkout/WalletPayment.tsx';
import { setupI18n } from './harness.tsx';

beforeAll(() => setupI18n());

const CHARGE: WalletCharge = { label: '3-month plan', amountToday: 59.88, currency: 'USD', recurring: '$59.88 every 3 months', country: 'US' };

type Handler = (event: unknown) => void;

/** A Stripe whose paymentRequest offers `offered` and lets the test fire the sheet's events. */
function fakeStripe(offered: { applePay?: boolean; googlePay?: boolean } | null) {
  const handlers = new Map<string, Set<Handler>>();
  let showing = false;
  const request = {
    canMakePayment: vi.fn(async () => offered),
    show: vi.fn(() => {
      showing = true;
    }),
    isShowing: () => showing,
    on: vi.fn((name: string, handler: Handler) => {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name)!.add(handler);
      return request;
    }),
    off: vi.fn((name: string, handler: Handler) => {
      handlers.get(name)?.delete(handler);
      return request;
    }),
  };
  const stripe = { paymentRequest: vi.fn(() => request) } as unknown as Stripe & { paymentRequest: ReturnType<typeof vi.fn> };
  const fire = (name: string, event: unknown): void => {
    showing = false;
    handlers.get(name)?.forEach((h) => h(event));
  };
  return { stripe, request, fire };
}

function renderWallet(stripe: Stripe, busy = false) {
  const onMethod = vi.fn();
  const onCancel = vi.fn();
  const wallet = createStripeWallet(stripe);
  const view = render(
    <StrictMode>
      <WalletPayment wallet={wallet} charge={CHARGE} busy={busy} onMethod={onMethod} onCancel={onCancel} />
    </StrictMode>,
  );
  return { onMethod, onCancel, wallet, view };
}

describe('Stripe wallet', () => {
  it('asks for the plan, the price today and the recurring terms, in cents, without Link or saved browser cards', async () => {
    const { stripe } = fakeStripe({ applePay: true });
    renderWallet(stripe);
    await screen.findByRole('button', { name: 'Subscribe with Apple Pay' });
    expect(stripe.paymentRequest).toHaveBeenCalledWith({
      country: 'US',
      currency: 'usd',
      total: { label: '3-month plan', amount: 5988 },
      displayItems: [{ label: '3-month plan: $59.88 every 3 months', amount: 5988 }],
      requestPayerName: true,
      disableWallets: ['link', 'browserCard'],
    });
    // the "or pay by card" divider belongs to the checkout's express block (checkout-method-failures.test.tsx)
  });

  it("asks in the visitor's currency, in its smallest unit: cents for euros, yen as they are", () => {
    expect(paymentRequestOptions({ ...CHARGE, currency: 'EUR', amountToday: 53.88 })).toMatchObject({ currency: 'eur', total: { amount: 5388 } });
    expect(paymentRequestOptions({ ...CHARGE, currency: 'JPY', amountToday: 8880 })).toMatchObject({ currency: 'jpy', total: { amount: 8880 } });
  });

  it('shows nothing where the browser offers no wallet', async () => {
    const { stripe, request } = fakeStripe(null);
    renderWallet(stripe);
    await act(async () => {
      await Promise.resolve();
    });
    expect(request.canMakePayment).toHaveBeenCalled();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('opens the sheet on a click and hands on the payment method with its card country, once', async () => {
    const { stripe, request, fire } = fakeStripe({ googlePay: true });
    const { onMethod, onCancel } = renderWallet(stripe);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe with Google Pay' }));
    expect(request.show).toHaveBeenCalledTimes(1);
    // a second click while the sheet is open does not open another
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe with Google Pay' }));
    expect(request.show).toHaveBeenCalledTimes(1);
    const complete = vi.fn();
    act(() => fire('paymentmethod', { paymentMethod: { id: 'pm_gpay', card: { country: 'DE' } }, complete }));
    expect(complete).toHaveBeenCalledWith('success');
    expect(onMethod).toHaveBeenCalledTimes(1);
    expect(onMethod).toHaveBeenCalledWith({ id: 'pm_gpay', country: 'DE' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('reports a closed sheet as cancelled', async () => {
    const { stripe, fire } = fakeStripe({ applePay: true });
    const { onMethod, onCancel } = renderWallet(stripe);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe with Apple Pay' }));
    act(() => fire('cancel', {}));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onMethod).not.toHaveBeenCalled();
  });

  it('opens no sheet while a purchase runs', async () => {
    const { stripe, request } = fakeStripe({ applePay: true });
    renderWallet(stripe, true);
    const button = await screen.findByRole('button', { name: 'Subscribe with Apple Pay' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(request.show).not.toHaveBeenCalled();
  });
});
