/**
 * The receipt of a paid checkout, kept in session storage (not local storage: the checkout slice is
 * not persisted, spec section 3). It lets the success screen survive a reload with the prices paid,
 * and remembers that the upsell was bought or closed, so a reload cannot sell it twice. The server
 * refuses a second upsell for the same account as well (scripts/server/sandbox/payments.ts).
 */
import { readJson, removeItem, writeItem } from '../core/safeStorage.ts';
import type { FunnelState } from '../core/store.ts';
import type { UpsellData } from './state.ts';
import { applyPaidResult } from './paidResult.ts';
import type { PurchaseRecord } from './purchaseRecord.ts';

export const RECEIPT_KEY = 'checkout_receipt';

export interface Receipt {
  plan: string;
  id: string;
  finalPrice: number;
  regularPrice: number;
  discountPercentage: number;
  /** The payment method the upsell is charged to (a Stripe id, never card data). */
  paymentMethodId: string;
  /** The account that paid with it (`purchaseAccountOf`); '' in a receipt from before it was kept: not reused then. */
  paymentMethodAccount: string;
  upsellData: UpsellData;
  /** The visitor closed the upsell offer. */
  upsellClosed: boolean;
  /** How the plan was paid: the upsell is charged the same way ('' when unknown). */
  paidWith?: PaidWith;
}

/** The card or wallet (a Stripe payment method), or PayPal through Braintree (a vaulted billing agreement). */
export type PaidWith = 'card' | 'paypal' | '';

/**
 * Saves what the store holds after a purchase.
 * @param paidWith how the plan was paid; by default what the receipt of the same purchase says, else 'card' when a card was kept
 */
export function saveReceipt(store: FunnelState, plan: string, upsellClosed = false, paidWith?: PaidWith): void {
  const c = store.checkout;
  const earlier = readReceipt();
  const receipt: Receipt = {
    plan,
    id: c.id,
    finalPrice: c.finalPrice,
    regularPrice: c.regularPrice,
    discountPercentage: c.discountPercentage,
    paymentMethodId: c.stripeNonce,
    paymentMethodAccount: c.paymentMethodAccount,
    upsellData: { ...c.upsellData },
    upsellClosed,
    paidWith: paidWith ?? (earlier?.id === c.id && earlier.paidWith ? earlier.paidWith : c.stripeNonce ? 'card' : ''),
  };
  writeItem('session', RECEIPT_KEY, JSON.stringify(receipt));
}

/** The saved receipt, or undefined (none, or unreadable). */
export function readReceipt(): Receipt | undefined {
  const r = readJson<Partial<Receipt>>('session', RECEIPT_KEY);
  if (!r || typeof r.id !== 'string' || !r.id || typeof r.finalPrice !== 'number' || typeof r.regularPrice !== 'number') return undefined;
  const u = r.upsellData;
  return {
    plan: typeof r.plan === 'string' ? r.plan : '',
    id: r.id,
    finalPrice: r.finalPrice,
    regularPrice: r.regularPrice,
    discountPercentage: typeof r.discountPercentage === 'number' ? r.discountPercentage : 0,
    paymentMethodId: typeof r.paymentMethodId === 'string' ? r.paymentMethodId : '',
    paymentMethodAccount: typeof r.paymentMethodAccount === 'string' ? r.paymentMethodAccount : '',
    upsellData: {
      success: typeof u?.success === 'boolean' ? u.success : null,
      finalPrice: typeof u?.finalPrice === 'number' ? u.finalPrice : 0,
      regularPrice: typeof u?.regularPrice === 'number' ? u.regularPrice : 0,
    },
    upsellClosed: r.upsellClosed === true,
    paidWith: r.paidWith === 'card' || r.paidWith === 'paypal' ? r.paidWith : '',
  };
}

/**
 * Puts a saved receipt back into the checkout slice when the slice is empty (after a reload).
 * @returns the receipt in effect, or undefined
 */
export function restoreReceipt(store: FunnelState): Receipt | undefined {
  const receipt = readReceipt();
  if (!receipt) return undefined;
  if (!store.checkout.id) {
    Object.assign(store.checkout, {
      id: receipt.id,
      finalPrice: receipt.finalPrice,
      regularPrice: receipt.regularPrice,
      discountPercentage: receipt.discountPercentage,
      stripeNonce: receipt.paymentMethodId,
      paymentMethodAccount: receipt.paymentMethodAccount,
      isSuccess: true,
      upsellData: { ...receipt.upsellData },
    });
  } else if (store.checkout.id === receipt.id && receipt.upsellData.success === true) {
    store.checkout.upsellData = { ...receipt.upsellData };
  }
  return receipt;
}

/** Forgets the receipt (tests). */
export function clearReceipt(): void {
  removeItem('session', RECEIPT_KEY);
}

/**
 * Fills an empty checkout slice from a paid purchase record (paid in another tab, or before this tab
 * lost its session) and saves the receipt, so the success step shows what was paid. Also when this tab's
 * own purchase filled the slice: the record can move the checkout on before the purchase's own ending
 * saves the receipt, and the success step reads the receipt once, as it opens (how it was paid: PayPal's
 * add-on offer depends on it).
 */
export function restoreFromRecord(store: FunnelState, record: PurchaseRecord): void {
  const result = record.result;
  if (!result) return;
  if (store.checkout.id !== result.subscriptionId) applyPaidResult(store, result, record.paymentMethodId);
  if (readReceipt()?.id !== result.subscriptionId) saveReceipt(store, record.plan, false, record.gateway === 'braintree' ? 'paypal' : undefined);
}
