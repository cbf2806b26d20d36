/**
 * Stripe.js that cannot load (blocked, offline: the case this machine can reproduce) must give a
 * clear message and a way on within 10 s, never a dead form. The loader is injected.
 */
import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGatewayRegistry, GATEWAY_LOAD_TIMEOUT_MS, type GatewayContext } from '../../engine/payments/gateways.ts';
import { stripeRegistration } from '../../engine/payments/stripe/registration.ts';
import type { StripeLoader } from '../../engine/payments/stripe/stripeLoader.ts';
import type { PaymentGateway } from '../../engine/payments/index.ts';
import { CardPayment } from '../../screens/checkout/CardPayment.tsx';
import { useCardGateway } from '../../engine/payments/index.ts';
import { setupI18n } from './harness.tsx';

const UNAVAILABLE = "We couldn't load the secure card form. Check your connection or turn off content blockers, then try again.";

beforeAll(() => setupI18n());
afterEach(() => vi.useRealTimers());

const production = (publishableKey: string): GatewayContext => ({ preview: false, publishableKey, clientToken: '', language: () => 'en' });
const loadCardGateway = (loadStripe: StripeLoader | undefined, publishableKey = 'pk_live_x') =>
  createGatewayRegistry([stripeRegistration(loadStripe)]).cardGateway(production(publishableKey));

function renderWith(loadStripe: StripeLoader) {
  const load = vi.fn(() => loadCardGateway(loadStripe));
  render(<Card load={load} />);
  return load;
}

/** The card section as the checkout renders it: the gateway loaded by useCardGateway. */
function Card({ load }: { load: () => Promise<PaymentGateway> }) {
  const state = useCardGateway(load);
  return (
    <CardPayment state={state} payLabel="Pay $59.88" terms="Renews automatically." formValid={false} busy={false} onFormChange={() => {}} onPay={() => {}} />
  );
}

describe('card gateway already loaded', () => {
  it('shows the form in the first render, without a loading line or a load', () => {
    const gateway = {
      id: 'ready',
      Host: ({ children }: { children: ReactNode }) => <>{children}</>,
      CardForm: () => <p>card fields</p>,
    } as unknown as PaymentGateway;
    const load = vi.fn(() => Promise.resolve(gateway));
    const seen: string[] = [];
    function ReadyCard() {
      const state = useCardGateway(load, () => gateway);
      seen.push(state.status);
      return (
        <CardPayment
          state={state}
          payLabel="Pay $59.88"
          terms="Renews automatically."
          formValid={false}
          busy={false}
          onFormChange={() => {}}
          onPay={() => {}}
        />
      );
    }
    render(<ReadyCard />);
    expect(screen.getByText('card fields')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(seen.every((status) => status === 'ready')).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('card gateway that cannot load', () => {
  it('shows the loading line, then a clear message and a retry when Stripe.js is blocked', async () => {
    const load = renderWith(() => Promise.reject(new Error('Failed to load Stripe.js')));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the secure card form…');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(screen.queryByRole('button', { name: 'Pay $59.88' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE);
    expect(load.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('treats Stripe.js that never answers as unavailable after 10 s', async () => {
    vi.useFakeTimers();
    renderWith(() => new Promise(() => {}));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(GATEWAY_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(UNAVAILABLE);
  });

  it('treats a missing publishable key and a null Stripe as unavailable', async () => {
    await expect(loadCardGateway(undefined, '')).rejects.toThrow('no publishable key');
    await expect(loadCardGateway(async () => null, 'pk')).rejects.toMatchObject({ name: 'GatewayLoadError' });
  });
});
