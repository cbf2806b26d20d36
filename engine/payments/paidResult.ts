/**
 * A paid plan written into the checkout slice: one place for the fields and the discount percentage,
 * whether the result comes from a purchase just made, a purchase record (another tab, a reload) or
 * a saved receipt.
 */
import type { FunnelState } from '../core/store.ts';
import type { PurchaseResult } from './purchaseRecord.ts';
import { purchaseAccountOf } from './account.ts';

/** The saving in percent of the regular price (0 when there is none). */
export function discountPercentage(regularPrice: number, finalPrice: number): number {
  return regularPrice > 0 ? ((regularPrice - finalPrice) / regularPrice) * 100 : 0;
}

/**
 * Marks the checkout paid with `result`; `paymentMethodId` is kept for the upsell, as the payment
 * method of the account signed in here ('' keeps the one the slice holds).
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
    paymentMethodAccount: paymentMethodId ? purchaseAccountOf(store.signup) : store.checkout.paymentMethodAccount,
  });
}

/**
 * The payment method this tab's account paid with, for the upsell; '' when there is none or it is
 * another account's (this tab signed up again since): a payment method is charged only for its own
 * account, as the backend contract requires (docs/purchases.md, `payment-method-owner`).
 */
export function ownPaymentMethod(store: Pick<FunnelState, 'checkout' | 'signup'>): string {
  const { stripeNonce, paymentMethodAccount } = store.checkout;
  return stripeNonce && paymentMethodAccount !== '' && paymentMethodAccount === purchaseAccountOf(store.signup) ? stripeNonce : '';
}
