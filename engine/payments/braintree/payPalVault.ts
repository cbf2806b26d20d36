/**
 * The seam between the PayPal button and Braintree's client library: the two calls of braintree-web's
 * PayPal Checkout (V6) component the funnel uses. `braintreeVaultLoader` is the real one; preview
 * builds substitute the sandbox's (../sandbox/sandboxPayPal.tsx), because braintree-web cannot run
 * without the internet: `client.create` fetches the gateway configuration from Braintree and
 * `loadPayPalSDK` fetches PayPal's SDK from paypal.com.
 */
import type { ComponentType } from 'react';

/** What PayPal hands over on approval (billingToken for a billing agreement); passed on untouched. */
export type PayPalApproval = Record<string, unknown>;

export interface PayPalSession {
  /** Opens PayPal's window; call it inside the click handler (Safari allows no popup after an await). */
  start(): unknown;
}

export interface PayPalVault {
  createBillingAgreementSession(options: {
    billingAgreementDescription: string;
    onApprove: (data: PayPalApproval) => Promise<void> | void;
    onCancel: () => void;
    onError: (error: unknown) => void;
  }): PayPalSession;
  tokenizePayment(data: PayPalApproval): Promise<{ nonce: string }>;
}

export interface PayPalVaultLoader {
  /** Creates the Braintree client with the client token and loads PayPal's SDK. */
  load(clientToken: string): Promise<PayPalVault>;
  /**
   * A fresh single-use nonce for the PayPal account the customer vaulted most recently (braintree-web's
   * vault manager), or undefined when none is vaulted. Needs a client token generated with the
   * account's Braintree customer id (docs/developers.md, "PayPal through Braintree").
   */
  vaultedNonce(clientToken: string): Promise<string | undefined>;
  /** UI the loader needs mounted (the sandbox's approval dialog); none for the real one. */
  Host?: ComponentType;
}

/** braintree-web's client and PayPal Checkout V6, imported only when the visitor turns to PayPal. */
export const braintreeVaultLoader: PayPalVaultLoader = {
  async load(clientToken) {
    const [client, paypal] = await Promise.all([import('braintree-web/client'), import('braintree-web/paypal-checkout-v6')]);
    const clientInstance = await client.create({ authorization: clientToken });
    const checkout = await paypal.create({ client: clientInstance });
    await checkout.loadPayPalSDK();
    return checkout;
  },
  async vaultedNonce(clientToken) {
    const [client, vaultManager] = await Promise.all([import('braintree-web/client'), import('braintree-web/vault-manager')]);
    const manager = await vaultManager.create({ client: await client.create({ authorization: clientToken }) });
    try {
      // without defaultFirst the most recently used method comes first: the one just approved
      const methods = await manager.fetchPaymentMethods();
      return methods.find((m) => m.type === PAYPAL_ACCOUNT)?.nonce;
    } finally {
      void manager.teardown().catch(() => undefined);
    }
  },
};

/** The vault manager's type of a vaulted PayPal account. */
export const PAYPAL_ACCOUNT = 'PayPalAccount';
