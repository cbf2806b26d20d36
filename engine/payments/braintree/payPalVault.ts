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
};
