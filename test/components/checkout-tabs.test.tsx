/**
 * The checkout beside other tabs, against the real sandbox API: a purchase another tab holds (its
 * claim and its record) is shown with its outcome instead of a Pay button, and a tab signed in as
 * another account than the one signed up last in another tab says so before it offers to pay.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { claimName, clearPurchaseRecord, leaseText, readPurchaseRecord, writePurchaseRecord } from '../../engine/payments/index.ts';
import { renderFunnel } from './harness.tsx';
import { sandboxPerFile } from './checkout-sandbox.ts';

const PLAN = 'gz-3-month-fox';
const OTHER_TAB = "Your payment is being processed in another tab. We'll show the result here.";
const sandbox = sandboxPerFile(() => localStorage);

describe('a purchase held by another tab', { timeout: 45_000 }, () => {
  it('is shown with its outcome instead of a Pay button; when it fails there, this tab says so and offers Pay', async () => {
    const { key } = await sandbox().account();
    // another tab (no navigator.locks in jsdom: its lease) has claimed the purchase and is tokenising the card
    localStorage.setItem(claimName(key), leaseText('other-tab', 1));
    writePurchaseRecord({
      account: key,
      plan: PLAN,
      idempotencyKey: 'k-other',
      fbEventId: 'e-other',
      paymentMethodId: '',
      pollingId: '',
      startedAt: Date.now(),
      status: 'processing',
      checkoutPath: '/checkout',
      successPath: '',
    });
    const f = await renderFunnel('/checkout', { state: (s) => sandbox().signedIn(s, 'gz-1-month-tiger') });
    expect(await screen.findByText(OTHER_TAB, {}, { timeout: 25_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay \$/ })).toBeNull();
    // the record is the other tab's, untouched by this one
    expect(readPurchaseRecord(key)).toMatchObject({ idempotencyKey: 'k-other', paymentMethodId: '' });

    // the other tab's payment is declined: it drops the record, then lets go of its claim
    act(() => clearPurchaseRecord());
    localStorage.removeItem(claimName(key));
    expect(await screen.findByText('The payment in your other tab did not go through. You can try again here.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $39.96' })).toBeInTheDocument();
    expect(f.path()).toBe('/checkout');
    expect(sandbox().subscriptions(f.store.signup.email)).toEqual([]);
  });
});

describe('a tab signed in as another account', { timeout: 30_000 }, () => {
  it('names both accounts before paying, and pays for its own when asked', async () => {
    const a = await sandbox().account();
    const b = await sandbox().account();
    const f = await renderFunnel('/checkout', {
      state: (s) => {
        sandbox().signedIn(s, PLAN); // signed in as b (the last account made)
        // but this tab's session is a's: b signed up later in another tab, and the stored e-mail is b's
        Object.assign(s.signup, { token: a.token, accountId: a.userId, accountEmail: a.email });
      },
    });
    expect(await screen.findByRole('heading', { name: 'You are signed in with another account in this tab' })).toBeInTheDocument();
    expect(screen.getByText(`This tab is signed in as ${a.email}, but ${b.email} signed up in another tab.`, { exact: false })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: `Pay for ${a.email}` }));
    expect(await screen.findByLabelText('Card number', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(f.path()).toBe('/checkout');
  });

  it("never shows another account's purchase: b's paid record is not a's success", async () => {
    const a = await sandbox().account();
    const b = await sandbox().account();
    writePurchaseRecord({
      account: b.key,
      plan: PLAN,
      idempotencyKey: 'k',
      fbEventId: 'e',
      paymentMethodId: 'pm',
      pollingId: 'poll',
      startedAt: Date.now(),
      status: 'succeeded',
      checkoutPath: '/checkout',
      successPath: '/checkout/success',
      result: { subscriptionId: 'sub_b', finalPrice: 59.88, regularPrice: 59.88 },
    });
    const f = await renderFunnel('/checkout', {
      state: (s) => {
        sandbox().signedIn(s, PLAN);
        Object.assign(s.signup, { token: a.token, accountId: a.userId, accountEmail: a.email });
      },
    });
    await screen.findByRole('heading', { name: 'You are signed in with another account in this tab' });
    await waitFor(() => expect(f.path()).toBe('/checkout'));
    expect(screen.queryByRole('heading', { name: 'Payment successful' })).toBeNull();
  });
});
