/**
 * The PayPal button of the Braintree path with a fake braintree-web vault (the real one needs
 * Braintree's and PayPal's servers): nothing loads until the visitor turns to the button, the click
 * opens PayPal's billing-agreement window, the approval becomes a nonce, cancel and failures.
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createBraintreePayPal } from '../../engine/payments/braintree/braintreePayPal.tsx';
import type { PayPalApproval, PayPalVault, PayPalVaultLoader } from '../../engine/payments/braintree/payPalVault.ts';
import { setupI18n } from './harness.tsx';

beforeAll(() => setupI18n());

type Options = Parameters<PayPalVault['createBillingAgreementSession']>[0];

function fakeVault(tokenize: (data: PayPalApproval) => Promise<{ nonce: string }> = async () => ({ nonce: 'fake-paypal-billing-agreement-nonce' })) {
  let options: Options | undefined;
  const start = vi.fn();
  const vault: PayPalVault = {
    createBillingAgreementSession: vi.fn((o: Options) => {
      options = o;
      return { start };
    }),
    tokenizePayment: vi.fn(tokenize),
  };
  const loader: PayPalVaultLoader = { load: vi.fn(async () => vault), vaultedNonce: vi.fn(async () => 'vaulted-nonce-1') };
  return { vault, loader, start, session: () => options! };
}

function renderButton(loader: PayPalVaultLoader, disabled = false) {
  const method = createBraintreePayPal('client-token-1', loader, 'Subscription');
  const props = { onNonce: vi.fn(), onCancel: vi.fn(), onError: vi.fn() };
  render(
    <StrictMode>
      <method.Button disabled={disabled} {...props} />
    </StrictMode>,
  );
  return props;
}

const paypalButton = () => screen.getByRole('button', { name: 'Pay with PayPal' });

describe('PayPal through Braintree', () => {
  it('loads nothing until chosen, then opens the billing agreement and hands on the nonce', async () => {
    const { loader, vault, start, session } = fakeVault();
    const props = renderButton(loader);
    expect(loader.load).not.toHaveBeenCalled();
    await userEvent.click(paypalButton());
    expect(loader.load).toHaveBeenCalledWith('client-token-1');
    expect(loader.load).toHaveBeenCalledTimes(1);
    expect(vault.createBillingAgreementSession).toHaveBeenCalledWith(expect.objectContaining({ billingAgreementDescription: 'Subscription' }));
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
    await act(async () => {
      await session().onApprove({ billingToken: 'BA-1' });
    });
    expect(vault.tokenizePayment).toHaveBeenCalledWith({ billingToken: 'BA-1' });
    expect(props.onNonce).toHaveBeenCalledWith('fake-paypal-billing-agreement-nonce');
    // a second visit to the button reuses the loaded session: start() runs inside the click
    await userEvent.click(paypalButton());
    expect(start).toHaveBeenCalledTimes(2);
    expect(loader.load).toHaveBeenCalledTimes(1);
  });

  it('warms up on hover or focus, so the click opens the window at once', async () => {
    const { loader, start } = fakeVault();
    renderButton(loader);
    await userEvent.hover(paypalButton());
    await vi.waitFor(() => expect(loader.load).toHaveBeenCalledTimes(1));
    await act(async () => {
      await Promise.resolve();
    });
    await userEvent.click(paypalButton());
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('reports a closed window as cancelled', async () => {
    const { loader, session } = fakeVault();
    const props = renderButton(loader);
    await userEvent.click(paypalButton());
    await vi.waitFor(() => expect(session()).toBeDefined());
    act(() => session().onCancel());
    expect(props.onCancel).toHaveBeenCalledTimes(1);
    expect(props.onNonce).not.toHaveBeenCalled();
  });

  it('reports a client that cannot load, a PayPal error and a failed tokenization as errors; a later click tries again', async () => {
    const { vault, session } = fakeVault(() => Promise.reject(new Error('tokenization failed')));
    let attempts = 0;
    const loader: PayPalVaultLoader = {
      load: vi.fn(async () => (++attempts === 1 ? Promise.reject(new Error('offline')) : vault)),
      vaultedNonce: vi.fn(async () => undefined),
    };
    const props = renderButton(loader);
    // a bare click (no hover or focus first, as a keyboard's Enter on a focused button)
    fireEvent.click(paypalButton());
    await vi.waitFor(() => expect(props.onError).toHaveBeenCalledTimes(1));
    fireEvent.click(paypalButton());
    await vi.waitFor(() => expect(loader.load).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(session()).toBeDefined());
    act(() => session().onError(new Error('popup closed by PayPal')));
    expect(props.onError).toHaveBeenCalledTimes(2);
    await act(async () => {
      await session().onApprove({ billingToken: 'BA-2' });
    });
    expect(props.onError).toHaveBeenCalledTimes(3);
    expect(props.onNonce).not.toHaveBeenCalled();
  });

  it('opens nothing while a purchase runs', async () => {
    const { loader, start } = fakeVault();
    renderButton(loader, true);
    expect(paypalButton()).toBeDisabled();
    await userEvent.click(paypalButton());
    expect(start).not.toHaveBeenCalled();
  });

  it("offers the vaulted account's nonce for a one-tap charge, through the loader with the client token", async () => {
    const { loader } = fakeVault();
    const method = createBraintreePayPal('client-token-1', loader, 'Subscription');
    expect(await method.vaultedNonce!()).toBe('vaulted-nonce-1');
    expect(loader.vaultedNonce).toHaveBeenCalledWith('client-token-1');
    // nothing of PayPal's window is loaded for it
    expect(loader.load).not.toHaveBeenCalled();
  });
});
