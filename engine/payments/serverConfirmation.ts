/**
 * Nothing is shown as paid that the server did not confirm. A purchase this tab just polled to its end
 * is confirmed (the polling result is the server's answer); anything else a page finds (the durable
 * record another tab wrote, the session receipt after a reload, a record or receipt someone edited) is
 * only a claim, checked with the server's receipt lookup before a price or "paid" is shown. A claim the
 * server does not know is forgotten, so it cannot come back.
 */
import type { FunnelState } from '../core/store.ts';
import { applyPaidResult, ownPaymentMethod } from './paidResult.ts';
import { clearPurchaseRecord, readPurchaseRecord } from './purchaseRecord.ts';
import { clearReceipt, readReceipt } from './receipt.ts';
import type { SubscriptionApi } from './backend.ts';

/**
 * confirmed: the checkout slice holds what the server answered; none: there is no paid purchase to
 * show; signedOut: a purchase is recorded, but this tab has no session to ask the server with (the
 * access token lives in the tab that paid), so it shows nothing paid and points there.
 */
export type Confirmation = 'confirmed' | 'none' | 'signedOut';

/** Marks the checkout slice's subscription as the server's answer (a polling result, a receipt lookup). */
export function markConfirmed(store: FunnelState, subscriptionId: string): void {
  store.checkout.confirmedId = subscriptionId;
}

/** True when the checkout slice shows a subscription the server confirmed. */
export const isConfirmed = (store: FunnelState): boolean => store.checkout.id !== '' && store.checkout.confirmedId === store.checkout.id;

/**
 * Confirms the paid purchase the page would show, with the server.
 * @throws PaymentApiError when the server cannot be asked (no connection, 5xx, 401): nothing is forgotten then
 * @example if ((await confirmPurchase(store, api, account)) === 'none') navigate(checkoutPath);
 */
export async function confirmPurchase(
  store: FunnelState,
  api: Pick<SubscriptionApi, 'getReceipt'>,
  account: string,
  signal?: AbortSignal,
): Promise<Confirmation> {
  if (isConfirmed(store)) return 'confirmed';
  const record = readPurchaseRecord(account);
  const receipt = readReceipt();
  const recorded = record?.status === 'succeeded' ? record.result?.subscriptionId : undefined;
  const id = store.checkout.id || receipt?.id || recorded;
  if (!id) return 'none';
  if (!store.signup.token) return 'signedOut';
  const server = await api.getReceipt(id, signal);
  if (!server || server.upsell) {
    // a claim the server does not know (forged, or another account's): forgotten, never shown
    if (recorded === id) clearPurchaseRecord(account);
    if (receipt?.id === id) clearReceipt();
    if (store.checkout.id === id) Object.assign(store.checkout, { id: '', isSuccess: false, finalPrice: 0, regularPrice: 0, discountPercentage: 0 });
    return 'none';
  }
  // only this account's payment method is kept for the upsell (the record is this account's already)
  const receiptMethod = receipt?.id === id && receipt.paymentMethodAccount === account ? receipt.paymentMethodId : '';
  applyPaidResult(store, server, ownPaymentMethod(store) || receiptMethod || record?.paymentMethodId || '');
  markConfirmed(store, id);
  return 'confirmed';
}
