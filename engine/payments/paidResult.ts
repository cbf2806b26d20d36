/**
 * A paid plan written into the checkout slice: one place for the fields and the discount percentage,
 * whether the result comes from a purchase just made, a purchase record (another tab, a reload) or
 * a saved receipt.
 */
import type { FunnelState } from '../core/store.ts';
import type { PurchaseResult } from './purchaseRecord.ts';

/** The saving in percent of the regular price (0 when there is none). */
export function discountPercentage(regularPrice: number, finalPrice: number): number {
  return regularPrice > 0 ? ((regularPrice - finalPrice) / regularPrice) * 100 : 0;
}

/**
 * Marks the checkout paid with `result`; `paymentMethodId` is kept for the upsell ('' keeps the one
 * the slice holds).
 */
export function applyPaidResult(store: FunnelState, result: PurchaseResult, paymentMethodId: string): void {
  const { subscriptionId, finalPrice, regularPrice } = result;
  Object.assign(store.checkout, {
    id: subscriptionId,
    finalPrice,
    regularPrice,
    discountPercentage: discountPercentage(regularPrice, finalPrice),
    isSuccess: true,
    declineCode: '',
    stripeNonce: paymentMethodId || store.checkout.stripeNonce,
  });
}
