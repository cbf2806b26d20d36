/** The small pieces around the checkout machine: card rules, failures, receipt, Stripe mapping, Retry-After. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Stripe } from '@stripe/stripe-js';
import { createFunnelStore } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { cardErrors, formatCardNumber, formatExpiry, luhnValid, parseExpiry } from '../../engine/payments/sandbox/cardRules.ts';
import { DECLINE_TEXT_KEYS, failureTextKey, isInsufficientFunds } from '../../engine/payments/index.ts';
import { readReceipt, restoreFromRecord, restoreReceipt, saveReceipt, RECEIPT_KEY, type PurchaseRecord } from '../../engine/payments/index.ts';
import { createStripeGateway } from '../../engine/payments/stripe/stripeGateway.tsx';
import { retryAfterMs } from '../../engine/payments/index.ts';
import { messagesOf } from '../../screens/backend/portalSubscriptions.ts';
import { withTimeout, GatewayLoadError } from '../../engine/payments/gateways.ts';
import en from '../../locales/en.json';

const NOW = new Date(2026, 10, 20); // November 2026

describe('sandbox card rules', () => {
  it('checks Luhn and formats numbers as printed on the card', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
    expect(formatCardNumber('4000002500003155')).toBe('4000 0025 0000 3155');
    expect(formatCardNumber('4242 4242-4242x4242 99999')).toBe('4242 4242 4242 4242 999');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('formats and parses MM/YY', () => {
    expect(formatExpiry('1234')).toBe('12/34');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('1'); // deleting the slash deletes the digit before it
    expect(parseExpiry('12/34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('13/34')).toBeUndefined();
    expect(parseExpiry('1/34')).toBeUndefined();
  });

  it('names every invalid field, and none for a valid card', () => {
    const valid = { number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123', name: 'Ada' };
    expect(cardErrors(valid, NOW)).toEqual({});
    expect(cardErrors({ number: '4242', expiry: '10/26', cvc: '12', name: ' ' }, NOW)).toEqual({
      number: 'checkout.card.errors.number',
      expiry: 'checkout.card.errors.expired',
      cvc: 'checkout.card.errors.cvc',
      name: 'checkout.card.errors.name',
    });
    expect(cardErrors({ ...valid, expiry: '1/2' }, NOW).expiry).toBe('checkout.card.errors.expiry');
    expect(cardErrors({ ...valid, number: '3782 822463 10005', cvc: '123' }, NOW).cvc).toBe('checkout.card.errors.cvc');
    expect(cardErrors({ ...valid, number: '3782 822463 10005', cvc: '1234' }, NOW)).toEqual({});
  });
});

describe('payment failures', () => {
  it('maps decline codes to texts that exist in English, falls back to the server text, then "Payment error"', () => {
    const lookup = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    for (const key of Object.values(DECLINE_TEXT_KEYS)) expect(typeof lookup(key), key).toBe('string');
    expect(lookup('checkout.errors.paymentError')).toBe('Payment error');
    expect(failureTextKey({ message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' })).toBe('checkout.decline.insufficientFunds');
    expect(failureTextKey({ message: 'Something new', declineCode: 'new_code' })).toBeUndefined();
    expect(failureTextKey({})).toBe('checkout.errors.paymentError');
    expect(failureTextKey({ textKey: 'checkout.errors.timeout', message: 'x' })).toBe('checkout.errors.timeout');
    expect(isInsufficientFunds('Your card has INSUFFICIENT funds')).toBe(true);
    expect(isInsufficientFunds('Your card was declined.')).toBe(false);
  });
});

describe('session receipt', () => {
  afterEach(() => sessionStorage.clear());
  const storage = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
    clear: () => storage.clear(),
  });

  it('keeps the paid prices and the upsell state across a reload, never card data', () => {
    const store = createFunnelStore(productSlices);
    Object.assign(store.checkout, { id: 'sub_1', finalPrice: 29.94, regularPrice: 59.88, discountPercentage: 50, stripeNonce: 'pm_1', cardholderName: 'Ada' });
    store.checkout.upsellData = { success: true, finalPrice: 9.99, regularPrice: 9.99 };
    saveReceipt(store, 'gz-3-month-fox', true);
    expect(sessionStorage.getItem(RECEIPT_KEY)).not.toContain('Ada');
    const fresh = createFunnelStore(productSlices);
    expect(restoreReceipt(fresh)).toMatchObject({ plan: 'gz-3-month-fox', upsellClosed: true });
    expect(fresh.checkout).toMatchObject({ id: 'sub_1', finalPrice: 29.94, regularPrice: 59.88, discountPercentage: 50, stripeNonce: 'pm_1', isSuccess: true });
    expect(fresh.checkout.upsellData.success).toBe(true);
  });

  it("saves how a paid record was paid when this tab's own purchase already filled the slice (the record can move on first)", () => {
    const store = createFunnelStore(productSlices);
    Object.assign(store.checkout, { id: 'sub_2', finalPrice: 59.88, regularPrice: 59.88, isSuccess: true });
    const record: PurchaseRecord = {
      account: 'u1',
      plan: 'gz-3-month-fox',
      idempotencyKey: 'k',
      fbEventId: 'e',
      paymentMethodId: '',
      gateway: 'braintree',
      nonce: 'n',
      pollingId: 'p',
      startedAt: 0,
      status: 'succeeded',
      checkoutPath: '/checkout',
      successPath: '',
      result: { subscriptionId: 'sub_2', finalPrice: 59.88, regularPrice: 59.88 },
    };
    restoreFromRecord(store, record);
    expect(readReceipt()).toMatchObject({ id: 'sub_2', plan: 'gz-3-month-fox', paidWith: 'paypal' });
  });

  it('ignores a missing or corrupt receipt', () => {
    expect(readReceipt()).toBeUndefined();
    sessionStorage.setItem(RECEIPT_KEY, '{oops');
    expect(restoreReceipt(createFunnelStore(productSlices))).toBeUndefined();
    sessionStorage.setItem(RECEIPT_KEY, JSON.stringify({ id: 5 }));
    expect(readReceipt()).toBeUndefined();
  });
});

describe('Stripe gateway calls', () => {
  it('maps Stripe results and errors onto the port', async () => {
    const stripe = {
      confirmCardPayment: vi
        .fn()
        .mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status: 'succeeded' } })
        .mockResolvedValueOnce({
          error: { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'We are unable to authenticate your payment method.' },
        }),
      createPaymentMethod: vi.fn(),
    } as unknown as Stripe;
    const gateway = createStripeGateway(stripe);
    expect(gateway.id).toBe('stripe');
    expect(await gateway.confirmPayment('pi_1_secret_x', 'pm_1')).toEqual({ payment: { id: 'pi_1', status: 'succeeded' } });
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_x', { payment_method: 'pm_1' });
    expect(await gateway.confirmPayment('pi_1_secret_x')).toEqual({
      error: { message: 'We are unable to authenticate your payment method.', code: 'payment_intent_authentication_failure', declineCode: undefined },
    });
    expect(stripe.confirmCardPayment).toHaveBeenLastCalledWith('pi_1_secret_x', undefined);
    // without the mounted card form there is no card to turn into a payment method
    expect(await gateway.createPaymentMethod({ billingName: 'Ada' })).toEqual({
      error: { message: 'Your card number is incomplete.', code: 'incomplete_number' },
    });
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
  });
});

describe('HTTP details', () => {
  it('reads Retry-After in seconds or as a date, and errors.messages', () => {
    expect(retryAfterMs('1')).toBe(1000);
    expect(retryAfterMs('0.5')).toBe(500);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(messagesOf({ errors: { messages: ['a', '', 3, 'b'] } })).toEqual(['a', 'b']);
    expect(messagesOf({ errors: { messages: 'one' } })).toEqual(['one']);
    expect(messagesOf(undefined)).toEqual([]);
  });

  it('bounds a load with a GatewayLoadError', async () => {
    vi.useFakeTimers();
    const late = withTimeout(new Promise(() => {}), 10_000);
    const caught = late.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await caught).toBeInstanceOf(GatewayLoadError);
    vi.useRealTimers();
    await expect(withTimeout(Promise.resolve(1), 10)).resolves.toBe(1);
    await expect(withTimeout(Promise.reject(new Error('x')), 10)).rejects.toBeInstanceOf(GatewayLoadError);
  });
});
