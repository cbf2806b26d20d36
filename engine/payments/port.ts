/**
 * The payment port (DESIGN.md section 7): what the checkout needs from a payment provider, in terms
 * of payments, not of one provider's objects. A provider is a `GatewayRegistration`
 * (./registry.ts): an id, whether this build and configuration can use it, and a lazy `load()`.
 * The checkout machine sees only `PaymentProcessor`, the React-free half, so every branch is
 * unit-tested with a fake.
 */
import type { ComponentType, ReactNode } from 'react';

/** An error as the provider reports it (the fields the funnel reads). */
export interface GatewayError {
  message: string;
  /** e.g. 'card_declined', 'incorrect_number', 'payment_intent_authentication_failure' */
  code?: string;
  /** e.g. 'insufficient_funds' */
  declineCode?: string;
}

/** A payment method the provider created: its id, and the issuing country when the provider knows it. */
export interface PaymentMethod {
  id: string;
  /** ISO 3166-1 alpha-2 country of the card that backs it (e.g. 'DE'), when known. */
  country?: string;
}

export type PaymentMethodResult = PaymentMethod | { error: GatewayError };

/** The outcome of authenticating a payment (3-D Secure or the provider's equivalent). */
export type ConfirmResult = { payment: { id: string; status: string } } | { error: GatewayError };

/** The React-free half of a gateway: the two provider calls of spec section 4 "Checkout (card)". */
export interface PaymentProcessor {
  /** Turns what the visitor entered into a payment method (with the billing name). */
  createPaymentMethod(input: { billingName: string }): Promise<PaymentMethodResult>;
  /**
   * Authenticates a payment the server asked about (its client secret), e.g. a 3-D Secure challenge.
   * `paymentMethodId` is given on the first confirmation of a newly created method.
   */
  confirmPayment(clientSecret: string, paymentMethodId?: string): Promise<ConfirmResult>;
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

/** What a wallet sheet shows: the plan, what is charged today and the recurring terms. */
export interface WalletCharge {
  /** The plan's name as the visitor knows it. */
  label: string;
  /** Charged today, in `currency` (0 for a free trial). */
  amountToday: number;
  /** The ISO 4217 currency of the amounts (the visitor's). */
  currency: string;
  /** The recurring terms, in the visitor's language ("then $59.88 every 3 months"). */
  recurring: string;
  /** Two-letter country of the merchant account (Stripe's paymentRequest needs one). */
  country: string;
}

/** The visitor's answer in a wallet sheet. */
export type WalletResult = PaymentMethod | { error: GatewayError } | { cancelled: true };

export interface WalletButtonProps {
  charge: WalletCharge;
  disabled: boolean;
  /** Called once per sheet with the payment method, a refusal, or the visitor closing it. */
  onResult: (result: WalletResult) => void;
}

/** A one-tap wallet (Apple Pay, Google Pay) whose payment method feeds the same subscription call as a card. */
export interface WalletMethod {
  /** The wallet this browser offers for the charge ('apple_pay', 'google_pay', …), or null when none. */
  available(charge: WalletCharge): Promise<string | null>;
  /** The wallet's own button, which opens its sheet. Rendered inside the gateway's Host. */
  Button: ComponentType<WalletButtonProps>;
}

/** A loaded card gateway: the calls, a host wrapped around the checkout, its card form, and maybe a wallet. */
export interface PaymentGateway extends PaymentProcessor {
  /** The registration's id ('stripe', 'sandbox', …). */
  id: string;
  /** The gateway id the backend gets with a subscription: the registration's `backendId`, set by the registry. */
  backendId: string;
  /**
   * Wraps the screen's content (a provider's context, or the sandbox's challenge dialogs). Must be
   * mounted while createPaymentMethod / confirmPayment run.
   */
  Host: ComponentType<{ children: ReactNode }>;
  /** Card number, expiry MM/YY, CVC and cardholder name. Rendered inside Host. */
  CardForm: ComponentType<CardFormProps>;
  /** A wallet offered above the card form, when the provider has one. */
  wallet?: WalletMethod;
}

export interface AlternativeButtonProps {
  /** True while a purchase runs: the button does nothing (the double-submit guard). */
  disabled: boolean;
  /** The visitor approved: pay with this nonce (the Braintree subscription call). */
  onNonce: (nonce: string) => void;
  /** The visitor closed the provider's window. */
  onCancel: () => void;
  /** The provider failed before a nonce came (its script blocked, its window broken). */
  onError: () => void;
}

/** A non-card way to pay (PayPal through Braintree and the like) that yields a payment method nonce. */
export interface AlternativeMethod {
  id: string;
  /** The gateway id the backend gets with a subscription: the registration's `backendId`, set by the registry. */
  backendId: string;
  /** The method's own button (and whatever window it opens). */
  Button: ComponentType<AlternativeButtonProps>;
  /**
   * A fresh nonce for the account's method that an earlier approval vaulted (a PayPal billing
   * agreement), so it can be charged again with one tap and no new window (the upsell); undefined
   * when none is vaulted. Rejects when the provider cannot be reached.
   */
  vaultedNonce?: () => Promise<string | undefined>;
}

/** What a registration loads: the gateway before the registry gives it its backend id. */
export type Loaded<T extends { backendId: string }> = Omit<T, 'backendId'>;

/** True when a gateway call failed. */
export function isGatewayError<T extends object>(result: T | { error: GatewayError }): result is { error: GatewayError } {
  return 'error' in result && result.error !== undefined;
}
