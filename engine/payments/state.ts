/**
 * The payment port's state: the account the checkout charges (its access token, which never reaches
 * local storage, and the payment settings the signup call returned) and the checkout itself (the
 * card form's state, the subscription and its prices, the upsell). The engine's store holds these
 * slices beside the kernel's (core/store.ts); the checkout machine, receipts and gateways read and
 * write them. No React, no imports beyond the slice declarations.
 */
import type { SliceDeclarationsOf } from '../core/slices.ts';

export interface SignupState {
  email: string;
  isValid: boolean;
  /** The access token; kept in session storage, never persisted to local storage. */
  token: string;
  /**
   * The account the access token of this tab belongs to (its user id), and its e-mail: kept in session
   * storage beside the token, so a tab stays on its own account when another tab signs up another one
   * (the persisted e-mail and user id are shared by every tab). Purchases are keyed by it.
   */
  accountId: string;
  accountEmail: string;
  userId: string;
  isSuccess: boolean;
  /** The visitor id (the userUuid cookie's), saved here at start-up as in the events state. */
  userUuid: string;
  publishableKey: string;
  accountName: string;
  skipPaywallDisabled: boolean;
  force3ds: boolean;
  clientToken: string;
}

export interface UpsellData {
  success: boolean | null;
  finalPrice: number;
  regularPrice: number;
}

export interface CheckoutState {
  cardholderName: string;
  token: string;
  isSuccess: boolean;
  isFormValid: boolean;
  stripeToken: string;
  id: string;
  finalPrice: number;
  regularPrice: number;
  isCardFormShown: boolean;
  discountPercentage: number;
  stripeNonce: string;
  /** The account (`purchaseAccountOf`) whose purchase `stripeNonce` paid: no other account is ever charged to it. */
  paymentMethodAccount: string;
  declineCode: string;
  /** The subscription id the server confirmed in this page (a polling result or a receipt lookup). */
  confirmedId: string;
  upsellData: UpsellData;
}

/** The payment port's slices. */
export interface PaymentState {
  signup: SignupState;
  checkout: CheckoutState;
}

/** The payment port's slices: the account persists (without its token), the checkout does not. */
export const PAYMENT_SLICES: SliceDeclarationsOf<PaymentState> = {
  signup: {
    persist: true,
    transient: ['token', 'accountId', 'accountEmail'], // the access token and its account live in session storage only
    // the names the first versions stored these fields under (the portal's own): a returning visitor keeps their account
    renamed: { gzUserID: 'userId', stripePublishKey: 'publishableKey', stripeAccountName: 'accountName', btToken: 'clientToken' },
    defaults: () => ({
      email: '',
      isValid: false,
      token: '',
      accountId: '',
      accountEmail: '',
      userId: '',
      isSuccess: false,
      userUuid: '',
      publishableKey: '',
      accountName: '',
      skipPaywallDisabled: false,
      force3ds: false,
      clientToken: '',
    }),
  },
  checkout: {
    persist: false,
    defaults: () => ({
      cardholderName: '',
      token: '',
      isSuccess: false,
      isFormValid: false,
      stripeToken: '',
      id: '',
      finalPrice: 0,
      regularPrice: 0,
      isCardFormShown: true,
      discountPercentage: 0,
      stripeNonce: '',
      paymentMethodAccount: '',
      declineCode: '',
      confirmedId: '',
      upsellData: { success: null, finalPrice: 0, regularPrice: 0 },
    }),
  },
};
