/**
 * Payment failures (spec section 8): what the banner shows, what is stored and logged. Known decline
 * codes map to i18n keys so the visitor reads them in their language; the server's English text is
 * the fallback for anything else, and "Payment error" when there is no text at all.
 */
import type { Analytics } from '../core/analytics.ts';
import type { FunnelState } from '../core/store.ts';
import { ownValue } from '../core/ownValue.ts';

/**
 * Why a purchase did not end in success. Only a `decline` (the card or the bank said no) or a `refused`
 * request is final; the others leave the outcome open, so the same purchase is retried with the same
 * idempotency key instead of a new one.
 */
export type FailureKind = 'decline' | 'refused' | 'network' | 'rateLimit' | 'server' | 'pending';

/** The kinds after which the server may still complete the purchase: never offer a fresh payment. */
export const OPEN_FAILURE_KINDS: readonly FailureKind[] = ['network', 'rateLimit', 'server', 'pending'];

/** True when the failure leaves the purchase open (the same purchase is retried or checked again). */
export function isOpenFailure(failure: PaymentFailure): boolean {
  return failure.kind !== undefined && OPEN_FAILURE_KINDS.includes(failure.kind);
}

/** A failed purchase, as the machine hands it over. */
export interface PaymentFailure {
  /** What went wrong; undefined is treated as a decline. */
  kind?: FailureKind;
  /** The provider's or server's text (English), shown when no translated text fits. */
  message?: string;
  /** A translated text to show instead (time-out, network). */
  textKey?: string;
  /** The values of the text's placeholders (the seconds to wait after a 429). */
  textValues?: Readonly<Record<string, number>>;
  /** Stripe's decline_code, or its error code when there is none. */
  declineCode?: string;
}

/** Decline and error codes with a text of our own in all 13 languages. */
export const DECLINE_TEXT_KEYS: Readonly<Record<string, string>> = {
  insufficient_funds: 'checkout.decline.insufficientFunds',
  generic_decline: 'checkout.decline.genericDecline',
  card_declined: 'checkout.decline.genericDecline',
  do_not_honor: 'checkout.decline.genericDecline',
  expired_card: 'checkout.decline.expiredCard',
  incorrect_cvc: 'checkout.decline.incorrectCvc',
  invalid_cvc: 'checkout.decline.incorrectCvc',
  processing_error: 'checkout.decline.processingError',
  incorrect_number: 'checkout.decline.incorrectNumber',
  invalid_number: 'checkout.decline.incorrectNumber',
  incomplete_number: 'checkout.decline.incorrectNumber',
  invalid_expiry_month: 'checkout.decline.invalidExpiry',
  invalid_expiry_year: 'checkout.decline.invalidExpiry',
  api_connection_error: 'checkout.errors.network',
  payment_intent_authentication_failure: 'checkout.decline.authenticationFailed',
  test_mode_live_card: 'checkout.decline.testModeLiveCard',
};

/**
 * Braintree's processor response texts (its decline reference) with a text of ours: a PayPal refusal
 * names PayPal, not the card. Any other refusal of a Braintree sale shows BRAINTREE_DECLINE_KEY, never
 * the processor's own English.
 */
export const BRAINTREE_RESPONSE_TEXT_KEYS: Readonly<Record<string, { code: string; textKey: string }>> = {
  'Insufficient Funds': { code: 'insufficient_funds', textKey: 'checkout.decline.paypalFunds' },
  "Funding Instrument In The PayPal Account Was Declined By The Processor Or Bank, Or It Can't Be Used For This Payment": {
    code: 'funding_instrument_declined',
    textKey: 'checkout.decline.paypalFunds',
  },
  'Payer Account Is Locked Or Closed': { code: 'payer_account_locked', textKey: 'checkout.decline.paypalAccount' },
  'Payer Cannot Pay For This Transaction With PayPal': { code: 'payer_cannot_pay', textKey: 'checkout.decline.paypalAccount' },
};
export const BRAINTREE_DECLINE_KEY = 'checkout.decline.paypal';

/** A Braintree sale the server refused with the processor's text: our text for it, the processor's kept for the log. */
export function braintreeDecline(messages: readonly string[]): PaymentFailure {
  const message = messages.join(' ');
  const known = ownValue(BRAINTREE_RESPONSE_TEXT_KEYS, message.trim());
  return { kind: 'decline', message, declineCode: known?.code ?? 'processor_declined', textKey: known?.textKey ?? BRAINTREE_DECLINE_KEY };
}

export const PAYMENT_ERROR_KEY = 'checkout.errors.paymentError';
export const POLL_TIMEOUT_KEY = 'checkout.errors.timeout';
export const NETWORK_ERROR_KEY = 'checkout.errors.network';
export const RATE_LIMIT_KEY = 'checkout.errors.rateLimit';
/** A 429 that said how long to wait (Retry-After): "try again in {{seconds}} s". */
export const RATE_LIMIT_WAIT_KEY = 'errors.tryAgainIn';
export const SERVER_ERROR_KEY = 'checkout.errors.server';
export const GENERIC_ERROR_TEXT = 'An error has occurred';

/**
 * The text of a refusal for going too fast: the wait in whole seconds (at least 1) when the server
 * said it, else the plain "wait a moment".
 */
export function rateLimitText(retryAfterMs: number | undefined): Pick<PaymentFailure, 'textKey' | 'textValues'> {
  if (retryAfterMs === undefined) return { textKey: RATE_LIMIT_KEY };
  return { textKey: RATE_LIMIT_WAIT_KEY, textValues: { seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) } };
}

/** The i18n key for a failure, or undefined when the server's text is shown as is. */
export function failureTextKey(failure: PaymentFailure): string | undefined {
  if (failure.textKey) return failure.textKey;
  const known = failure.declineCode ? ownValue(DECLINE_TEXT_KEYS, failure.declineCode) : undefined;
  if (known) return known;
  return failure.message?.trim() ? undefined : PAYMENT_ERROR_KEY;
}

/** Spec section 8: a message containing "insufficient" is also a payment-declined event. */
export function isInsufficientFunds(message: string | undefined): boolean {
  return /insufficient/i.test(message ?? '');
}

/**
 * Stores the failure's decline code and logs it. The screen shows the text once, next to the pay
 * button (no banner as well).
 * @param eventName 'purchase_failed' for a plan, 'upsell_failed' for the upsell
 */
export function reportFailure(
  store: FunnelState,
  analytics: Analytics,
  failure: PaymentFailure,
  context: { eventName: string; plan: string; gateway: string },
): void {
  const textKey = failureTextKey(failure);
  store.checkout.declineCode = failure.declineCode ?? '';
  analytics.track(context.eventName, {
    declineCode: failure.declineCode ?? '',
    message: failure.message || (textKey ?? ''),
    kind: failure.kind ?? 'decline',
    // what the visitor was shown: a text of ours (textKey) or the server's text as is
    textKey: textKey ?? '',
    text: failure.message ?? '',
    plan: context.plan,
    gateway: context.gateway,
  });
  if (isInsufficientFunds(failure.message)) {
    analytics.track('payment_declined', { declineCode: failure.declineCode ?? '', message: failure.message || GENERIC_ERROR_TEXT, plan: context.plan });
  }
}
