/**
 * The success step shows "paid" only from the server, against the real sandbox API: a purchase record
 * written as succeeded by hand (no such subscription) and a visit with no purchase at all are sent to
 * the checkout with nothing paid shown; a real purchase whose stored prices were edited shows the
 * server's prices, not the edited ones.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readPurchaseRecord, RECEIPT_KEY, writePurchaseRecord, type PurchaseRecord } from '../../engine/payments/index.ts';
import { paymentsOf, subscribe } from '../../scripts/server/sandbox/paymentsState.ts';
import { renderFunnel } from './harness.tsx';
import { sandboxPerFile } from './checkout-sandbox.ts';

const PLAN = 'gz-3-month-fox';
const sandbox = sandboxPerFile(() => sessionStorage);

const succeeded = (account: string, result: NonNullable<PurchaseRecord['result']>): PurchaseRecord => ({
  account,
  plan: PLAN,
  idempotencyKey: 'k',
  fbEventId: 'e',
  paymentMethodId: 'pm_x',
  pollingId: 'poll_x',
  startedAt: Date.now(),
  status: 'succeeded',
  checkoutPath: '/checkout',
  successPath: '/checkout/success',
  result,
});

/** Every text the page showed from now on, even for a moment. */
function everythingShown(): () => string {
  let seen = '';
  const observer = new MutationObserver(() => (seen += `\n${document.body.textContent ?? ''}`));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return () => {
    observer.takeRecords();
    return seen;
  };
}

describe('the success step asks the server', { timeout: 30_000 }, () => {
  it('a record written as succeeded by hand shows nothing paid, is forgotten, and the visitor is sent to the checkout', async () => {
    const { key } = await sandbox().account();
    writePurchaseRecord(succeeded(key, { subscriptionId: 'sub_forged', finalPrice: 0, regularPrice: 59.88 }));
    const shown = everythingShown();
    const f = await renderFunnel('/checkout/success', { state: (s) => sandbox().signedIn(s, PLAN) });
    await waitFor(() => expect(f.path()).toBe('/checkout'), { timeout: 8000 });
    expect(shown()).toContain('Checking your payment with our server…');
    expect(shown()).not.toContain('Payment successful');
    expect(shown()).not.toContain('You saved');
    expect(readPurchaseRecord(key)).toBeUndefined();
    expect(await screen.findByLabelText('Card number', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('opened with no purchase at all: no "Payment successful", on to the checkout', async () => {
    await sandbox().account();
    const shown = everythingShown();
    const f = await renderFunnel('/checkout/success', { state: (s) => sandbox().signedIn(s, PLAN) });
    await waitFor(() => expect(f.path()).toBe('/checkout'), { timeout: 8000 });
    expect(shown()).not.toContain('Payment successful');
    expect(shown()).not.toContain('We have sent an email');
  });

  it("a real purchase whose stored prices were edited shows the server's prices", async () => {
    const { key, email } = await sandbox().account();
    const account = sandbox().server.state.accountsByEmail.get(email)!;
    const real = subscribe(paymentsOf(sandbox().server.state), account, PLAN, 'stripe', 'e-real', 'USD');
    writePurchaseRecord(succeeded(key, { subscriptionId: real.id, finalPrice: 0, regularPrice: 59.88 }));
    sessionStorage.setItem(RECEIPT_KEY, JSON.stringify({ plan: PLAN, id: real.id, finalPrice: 0, regularPrice: 59.88, discountPercentage: 100 }));
    await renderFunnel('/checkout/success', { state: (s) => sandbox().signedIn(s, PLAN) });
    expect(await screen.findByText('Paid today: $59.88', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.queryByText(/You saved/)).toBeNull();
  });
});
