/**
 * The Braintree path of the checkout machine (engine/payments/braintreePurchase.ts) as a durable
 * purchase: the attempt is recorded before the call, a reload posts the very same request (nonce,
 * Idempotency-Key, fb_event_id) instead of a new one, only a final failure forgets it; and the upsell
 * on the vaulted PayPal account with the upsell marker and the ids its caller stored.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPurchaseRecord, PaymentApiError, purchaseWithBraintree, readPurchaseRecord } from '../../engine/payments/index.ts';
import { UPSELL_FIELD } from '../../screens/backend/portalSubscriptions.ts';
import { clearUpsellAttempt, readUpsellAttempt, writeUpsellAttempt } from '../../engine/payments/index.ts';
import { funnel, scriptedApi } from './checkout-fakes.ts';
import { MemoryStorage } from './memoryStorage.ts';

const PLAN = 'gz-3-month-fox';
const UPSELL = 'gz-monthly-driver-sos-skovoroda';
const EMAIL = 'ada@example.com';
const durable = { account: EMAIL, checkoutPath: '/checkout' };

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  clearPurchaseRecord();
  clearUpsellAttempt();
  vi.unstubAllGlobals();
});

describe('Braintree purchase: durable like the card path', () => {
  it('records the attempt before the call and keeps the result once paid', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({ braintree: [{ subscriptionId: 'bt_1', finalPrice: 59.88, regularPrice: 59.88 }] });
    let seenBeforeCall: ReturnType<typeof readPurchaseRecord>;
    const post = api.postImmediateSubscription;
    api.postImmediateSubscription = vi.fn(async (...args: Parameters<typeof post>) => {
      seenBeforeCall = readPurchaseRecord(EMAIL);
      return post(...args);
    });
    const outcome = await purchaseWithBraintree(
      { api, store: f.store, analytics: f.analytics, newEventId: () => 'evt-1' },
      { plan: PLAN, gateway: 'braintree', nonce: 'fake-paypal-billing-agreement-nonce', price: 59.88, durable },
    );
    expect(outcome).toMatchObject({ status: 'succeeded', subscriptionId: 'bt_1' });
    expect(seenBeforeCall!).toMatchObject({
      status: 'processing',
      gateway: 'braintree',
      nonce: 'fake-paypal-billing-agreement-nonce',
      plan: PLAN,
      fbEventId: 'evt-1',
    });
    expect(calls.braintreeKeys).toEqual([seenBeforeCall!.idempotencyKey]);
    expect(readPurchaseRecord(EMAIL)).toMatchObject({ status: 'succeeded', result: { subscriptionId: 'bt_1' } });
    // the upsell is not charged to a Stripe method: none is kept
    expect(f.store.checkout.stripeNonce).toBe('');
  });

  it('after a lost answer the record stays open, and the next run posts the same nonce, key and event id', async () => {
    const f = funnel();
    const first = scriptedApi({ braintree: [new PaymentApiError(0, [])] });
    const lost = await purchaseWithBraintree(
      { api: first.api, store: f.store, analytics: f.analytics },
      { plan: PLAN, gateway: 'braintree', nonce: 'nonce-a', price: 59.88, durable },
    );
    expect(lost).toMatchObject({ status: 'failed', failure: { kind: 'network' } });
    const open = readPurchaseRecord(EMAIL)!;
    expect(open).toMatchObject({ status: 'processing', gateway: 'braintree', nonce: 'nonce-a' });

    // a reload: the checkout resumes the open purchase, whatever nonce it is handed
    const g = funnel();
    const second = scriptedApi({ braintree: [{ subscriptionId: 'bt_2' }] });
    const resumed = await purchaseWithBraintree(
      { api: second.api, store: g.store, analytics: g.analytics },
      { plan: 'other', gateway: 'braintree', nonce: 'ignored', price: 59.88, durable },
    );
    expect(resumed).toMatchObject({ status: 'succeeded', subscriptionId: 'bt_2' });
    expect(second.calls.braintree).toEqual([{ plan: PLAN, body: { ...first.calls.braintree[0]!.body } }]);
    expect(second.calls.braintree[0]!.body).toMatchObject({ payment_method_nonce: 'nonce-a', fb_event_id: open.fbEventId });
    expect(second.calls.braintreeKeys).toEqual([open.idempotencyKey]);
    expect(g.names()).toContain('Order Completed');
  });

  it('a paid record answers its result without a call; a decline forgets the attempt', async () => {
    const f = funnel();
    const ok = scriptedApi({ braintree: [{ subscriptionId: 'bt_3' }] });
    await purchaseWithBraintree(
      { api: ok.api, store: f.store, analytics: f.analytics },
      { plan: PLAN, gateway: 'braintree', nonce: 'n1', price: 59.88, durable },
    );
    const again = scriptedApi({});
    const g = funnel();
    expect(
      await purchaseWithBraintree(
        { api: again.api, store: g.store, analytics: g.analytics },
        { plan: PLAN, gateway: 'braintree', nonce: 'n2', price: 59.88, durable },
      ),
    ).toMatchObject({
      status: 'succeeded',
      subscriptionId: 'bt_3',
    });
    expect(again.calls.braintree).toEqual([]);

    clearPurchaseRecord();
    const declined = scriptedApi({ braintree: [new PaymentApiError(422, ['Do Not Honor'])] });
    const h = funnel();
    const outcome = await purchaseWithBraintree(
      { api: declined.api, store: h.store, analytics: h.analytics },
      { plan: PLAN, gateway: 'braintree', nonce: 'n3', price: 59.88, durable },
    );
    expect(outcome).toMatchObject({ status: 'failed', failure: { message: 'Do Not Honor' } });
    expect(readPurchaseRecord(EMAIL)).toBeUndefined();
  });

  it('a record of a card purchase under way is not posted to Braintree', async () => {
    const f = funnel();
    const first = scriptedApi({ braintree: [{ subscriptionId: 'bt_4' }] });
    // a card purchase's record (no gateway): the Braintree path starts its own attempt
    localStorage.setItem(
      'purchase_in_flight',
      JSON.stringify({
        account: EMAIL,
        plan: PLAN,
        idempotencyKey: 'card-key',
        fbEventId: 'card-evt',
        paymentMethodId: 'pm_1',
        pollingId: '',
        startedAt: 1,
        status: 'processing',
        checkoutPath: '/checkout',
        successPath: '',
      }),
    );
    await purchaseWithBraintree(
      { api: first.api, store: f.store, analytics: f.analytics },
      { plan: PLAN, gateway: 'braintree', nonce: 'n5', price: 59.88, durable },
    );
    expect(first.calls.braintreeKeys[0]).not.toBe('card-key');
    expect(first.calls.braintree[0]!.body.payment_method_nonce).toBe('n5');
  });
});

describe('Braintree upsell', () => {
  it('sends the upsell marker and the stored ids, fills upsellData and logs Order Completed for the upsell', async () => {
    const f = funnel();
    f.store.checkout.id = 'bt_plan';
    const { api, calls } = scriptedApi({ braintree: [{ subscriptionId: 'bt_up', finalPrice: 9.99, regularPrice: 9.99 }] });
    const attempt = { idempotencyKey: 'up-key', fbEventId: 'up-evt' };
    const outcome = await purchaseWithBraintree(
      { api, store: f.store, analytics: f.analytics },
      { plan: UPSELL, gateway: 'braintree', nonce: 'vaulted-1', price: 9.99, upsell: true, attempt },
    );
    expect(outcome.status).toBe('succeeded');
    expect(calls.braintree[0]!.body).toMatchObject({ [UPSELL_FIELD]: true, payment_method_nonce: 'vaulted-1', fb_event_id: 'up-evt' });
    expect(calls.braintreeKeys).toEqual(['up-key']);
    expect(f.store.checkout.upsellData).toEqual({ success: true, finalPrice: 9.99, regularPrice: 9.99 });
    expect(f.store.checkout.id).toBe('bt_plan');
    expect(f.names()).toContain('Order Completed');
    expect(f.events.find((e) => e.name === 'Order Completed')!.props).toMatchObject({ upsell: true });
    // the upsell is never written as the account's plan purchase
    expect(readPurchaseRecord(EMAIL)).toBeUndefined();
  });

  it('keeps an upsell attempt per subscription in session storage; an unreadable one counts as none', () => {
    writeUpsellAttempt({ subscriptionId: 'sub_1', method: 'paypal', idempotencyKey: 'k', fbEventId: 'e', nonce: 'n' });
    expect(readUpsellAttempt('sub_1')).toEqual({ subscriptionId: 'sub_1', method: 'paypal', idempotencyKey: 'k', fbEventId: 'e', nonce: 'n' });
    expect(readUpsellAttempt('sub_2')).toBeUndefined();
    sessionStorage.setItem('upsell_in_flight', JSON.stringify({ subscriptionId: 'sub_1', method: 'paypal', idempotencyKey: 'k', fbEventId: 'e' }));
    expect(readUpsellAttempt('sub_1')).toBeUndefined();
    sessionStorage.setItem('upsell_in_flight', '{not json');
    expect(readUpsellAttempt('sub_1')).toBeUndefined();
  });
});
