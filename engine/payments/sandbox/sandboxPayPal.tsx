/**
 * The preview build's stand-in for braintree-web's PayPal Checkout (the seam of
 * ../braintree/payPalVault.ts): the same button, client token and Braintree subscription call as in
 * production, with a PayPal-like approval dialog instead of PayPal's window. Approving yields
 * Braintree's documented test nonces (approve: 'fake-paypal-billing-agreement-nonce', decline:
 * 'fake-processor-declined-visa-nonce'); the sandbox Braintree portal decides the outcome. The vault
 * manager's list of vaulted PayPal accounts comes from the preview server's client API stand-in.
 */
import { PAYPAL_ACCOUNT, type PayPalVault, type PayPalVaultLoader } from '../braintree/payPalVault.ts';
import { ChoiceDialog } from './ChoiceDialog.tsx';
import { createChoiceChannel } from './choiceChannel.ts';

type Approval = 'approve' | 'decline' | 'cancel';

export const SANDBOX_NONCES = { approve: 'fake-paypal-billing-agreement-nonce', decline: 'fake-processor-declined-visa-nonce' } as const;

/** The client tokens the sandbox's payment settings hand out start with this. */
export const SANDBOX_BRAINTREE_TOKEN_PREFIX = 'sandbox_bt_';

const approval = createChoiceChannel<Approval>('cancel');

function Host() {
  return (
    <ChoiceDialog
      channel={approval}
      titleKey="checkout.sandbox.paypalTitle"
      textKey="checkout.sandbox.paypalText"
      dismissWith="cancel"
      choices={[
        { id: 'approve', labelKey: 'checkout.sandbox.approve', variant: 'primary' },
        { id: 'decline', labelKey: 'checkout.sandbox.decline', variant: 'secondary' },
        { id: 'cancel', labelKey: 'checkout.sandbox.cancel', variant: 'link' },
      ]}
    />
  );
}

const vault: PayPalVault = {
  createBillingAgreementSession({ onApprove, onCancel }) {
    return {
      start() {
        void approval.ask().then((choice) => (choice === 'cancel' ? onCancel() : onApprove({ billingToken: `BA-sandbox-${choice}` })));
      },
    };
  },
  async tokenizePayment(data) {
    return { nonce: data.billingToken === 'BA-sandbox-approve' ? SANDBOX_NONCES.approve : SANDBOX_NONCES.decline };
  },
};

/** The preview server's stand-in for Braintree's client API (scripts/server/sandbox/paymentsBraintree.ts). */
export const SANDBOX_BRAINTREE_CLIENT_API = '/sandbox/braintree/client_api/v1';

export const sandboxPayPalVault: PayPalVaultLoader = {
  Host,
  // as braintree-web's vault manager: the customer's vaulted methods, each with a fresh nonce
  async vaultedNonce(clientToken) {
    const res = await fetch(`${SANDBOX_BRAINTREE_CLIENT_API}/payment_methods`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authorization: clientToken }),
    });
    if (!res.ok) throw new Error(`Braintree client API answered ${res.status}`);
    const { paymentMethods } = (await res.json()) as { paymentMethods?: Array<{ nonce?: unknown; type?: unknown }> };
    const paypal = paymentMethods?.find((m) => m.type === PAYPAL_ACCOUNT && typeof m.nonce === 'string');
    return paypal?.nonce as string | undefined;
  },
  async load(clientToken) {
    // as Braintree refuses a malformed authorization
    if (!clientToken.startsWith(SANDBOX_BRAINTREE_TOKEN_PREFIX)) throw new Error('Invalid Braintree client token');
    return vault;
  },
};
