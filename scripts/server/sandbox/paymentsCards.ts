/**
 * The sandbox card network: Stripe's documented test cards and what each stands for, with Stripe's own
 * decline messages and codes. The sandbox server decides every outcome from the payment method (as
 * Stripe does server-side); the browser's sandbox gateway only collects the card and shows the
 * 3-D Secure challenge. Any other card number is refused the way Stripe's test mode refuses a live card.
 */
// the same Luhn rule as the sandbox card form, so client and server never disagree
import { luhnValid } from '../../../engine/payments/sandbox/cardRules.ts';

export interface Decline {
  message: string;
  declineCode: string;
}

export type CardBehaviour =
  | { kind: 'success' }
  /** Needs 3-D Secure for the first payment; later off-session payments go through (like Stripe's 3155). */
  | { kind: 'three_d_secure' }
  | ({ kind: 'decline' } & Decline);

const decline = (declineCode: string, message: string): CardBehaviour => ({ kind: 'decline', declineCode, message });

/** Test card numbers (https://docs.stripe.com/testing). */
export const TEST_CARDS: Readonly<Record<string, CardBehaviour>> = {
  '4242424242424242': { kind: 'success' },
  '5555555555554444': { kind: 'success' },
  '4000002500003155': { kind: 'three_d_secure' },
  '4000000000009995': decline('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000000002': decline('generic_decline', 'Your card was declined.'),
  '4000000000000069': decline('expired_card', 'Your card has expired.'),
  '4000000000000127': decline('incorrect_cvc', "Your card's security code is incorrect."),
  '4000000000000119': decline('processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
};

/** Stripe's test cards by country (https://docs.stripe.com/testing#international-cards): they succeed. */
export const COUNTRY_CARDS: Readonly<Record<string, string>> = {
  '4000002760000016': 'DE',
  '4000002500000003': 'FR',
};

/** The issuing country of a test card: the country cards' own, 'US' for the others. */
export function countryOf(number: string): string {
  return COUNTRY_CARDS[number] ?? 'US';
}

/** What Stripe's test mode answers for a real card number. */
export const LIVE_CARD_IN_TEST_MODE = decline(
  'test_mode_live_card',
  'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
);

/** Stripe's text when the 3-D Secure challenge fails. */
export const AUTHENTICATION_FAILED: Decline = {
  declineCode: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** The behaviour of a card number (digits only). */
export function behaviourOf(number: string): CardBehaviour {
  if (COUNTRY_CARDS[number]) return { kind: 'success' };
  return TEST_CARDS[number] ?? LIVE_CARD_IN_TEST_MODE;
}

export interface CardError {
  code: string;
  message: string;
}

/**
 * Stripe's validation of a card when a payment method is created (the errors createPaymentMethod
 * returns before any charge).
 */
export function cardError(card: { number: string; exp_month: number; exp_year: number; cvc: string }, now = new Date()): CardError | undefined {
  if (!luhnValid(card.number)) return { code: 'incorrect_number', message: 'Your card number is incorrect.' };
  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12)
    return { code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (!Number.isInteger(year) || year > now.getFullYear() + 50) return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };
  if (year < now.getFullYear()) return { code: 'invalid_expiry_year', message: "Your card's expiration year is in the past." };
  if (year === now.getFullYear() && card.exp_month < now.getMonth() + 1)
    return { code: 'invalid_expiry_month', message: "Your card's expiration month is in the past." };
  if (!/^\d{3,4}$/.test(card.cvc)) return { code: 'invalid_cvc', message: "Your card's security code is invalid." };
  return undefined;
}

/** The card brand from the number's prefix (for the payment method's card.brand). */
export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}
