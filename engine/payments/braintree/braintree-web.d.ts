// The parts of braintree-web (which ships no types) that engine/payments/braintree uses.
declare module 'braintree-web/client' {
  export interface Client {
    teardown(): Promise<void>;
  }
  export function create(options: { authorization: string }): Promise<Client>;
}

declare module 'braintree-web/paypal-checkout-v6' {
  import type { Client } from 'braintree-web/client';
  export interface PayPalCheckoutV6 {
    loadPayPalSDK(options?: Record<string, unknown>): Promise<PayPalCheckoutV6>;
    createBillingAgreementSession(options: {
      billingAgreementDescription: string;
      onApprove: (data: Record<string, unknown>) => Promise<void> | void;
      onCancel: () => void;
      onError: (error: unknown) => void;
    }): { start(): unknown };
    tokenizePayment(data: Record<string, unknown>): Promise<{ nonce: string }>;
  }
  export function create(options: { client: Client }): Promise<PayPalCheckoutV6>;
}

declare module 'braintree-web/vault-manager' {
  import type { Client } from 'braintree-web/client';
  export interface VaultedPaymentMethod {
    /** A single-use nonce the server can transact on. */
    nonce: string;
    default: boolean;
    /** 'PayPalAccount', 'CreditCard', … */
    type: string;
    details: Record<string, unknown>;
    description?: string | null;
  }
  export interface VaultManager {
    fetchPaymentMethods(options?: { defaultFirst?: boolean }): Promise<VaultedPaymentMethod[]>;
    teardown(): Promise<void>;
  }
  export function create(options: { client: Client }): Promise<VaultManager>;
}
