/**
 * The PaymentGateway port (DESIGN.md section 7): what the checkout needs from a card provider.
 * Two implementations: stripe/ (Stripe.js + Elements, production) and sandbox/ (preview builds only,
 * Stripe's test cards against the sandbox server). The checkout machine sees only `CardProcessor`,
 * the React-free half, so every branch is unit-tested with a fake.
 */
import type { ComponentType, ReactNode } from 'react';

/** An error as the card provider reports it (Stripe's `StripeError` fields the funnel reads). */
export interface GatewayError {
  message: string;
  /** e.g. 'card_declined', 'incorrect_number', 'payment_intent_authentication_failure' */
  code?: string;
  /** e.g. 'insufficient_funds' */
  declineCode?: string;
}

export type PaymentMethodResult = { id: string } | { error: GatewayError };

export type ConfirmResult = { paymentIntent: { id: string; status: string } } | { error: GatewayError };

/** The React-free half of a gateway: the two calls of spec section 4 "Checkout (card)". */
export interface CardProcessor {
  /** Turns the card in the form into a payment method (type card, the card, the billing name). */
  createPaymentMethod(input: { billingName: string }): Promise<PaymentMethodResult>;
  /** The provider's confirmation step (3-D Secure) for a payment intent's client secret. */
  confirmCardPayment(clientSecret: string, paymentMethodId?: string): Promise<ConfirmResult>;
}

/** What a card form reports on every change. */
export interface CardFormState {
  /** Every field complete and valid (drives store.checkout.isFormValid). */
  valid: boolean;
  cardholderName: string;
}

export interface CardFormProps {
  onChange: (state: CardFormState) => void;
  /** True while a purchase runs: the fields are read-only. */
  disabled?: boolean;
}

/** A loaded gateway: the calls, a host wrapped around the checkout, and its card form. */
export interface PaymentGateway extends CardProcessor {
  kind: 'stripe' | 'sandbox';
  /**
   * Wraps the screen's content: Stripe's <Elements> provider, or the sandbox's 3-D Secure challenge
   * host. Must be mounted while createPaymentMethod / confirmCardPayment run.
   */
  Host: ComponentType<{ children: ReactNode }>;
  /** Card number, expiry MM/YY, CVC and cardholder name. Rendered inside Host. */
  CardForm: ComponentType<CardFormProps>;
}

/** A non-card way to pay (Braintree: PayPal and the like) that yields a payment method nonce. */
export interface AlternativeMethod {
  id: string;
  /** i18n key of the button label. */
  labelKey: string;
  /** Asks the visitor to approve; resolves with a nonce, or cancelled when they close it. */
  requestNonce(): Promise<{ nonce: string } | { cancelled: true }>;
  /** The method's own UI (approval dialog), mounted beside its button. */
  Host: ComponentType;
}

/** True when a gateway call failed. */
export function isGatewayError<T extends object>(result: T | { error: GatewayError }): result is { error: GatewayError } {
  return 'error' in result && result.error !== undefined;
}
