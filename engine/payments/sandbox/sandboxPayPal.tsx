/**
 * The preview build's alternative payment method: a PayPal-like approval that yields Braintree's
 * documented test nonces (approve: 'fake-paypal-one-time-nonce', decline:
 * 'fake-processor-declined-visa-nonce'); the sandbox Braintree portal decides the outcome.
 */
import type { AlternativeMethod } from '../port.ts';
import { ChoiceDialog } from './ChoiceDialog.tsx';
import { createChoiceChannel } from './choiceChannel.ts';

type Approval = 'approve' | 'decline' | 'cancel';

export const SANDBOX_NONCES = { approve: 'fake-paypal-one-time-nonce', decline: 'fake-processor-declined-visa-nonce' } as const;

/** @example const [paypal] = [createSandboxPayPal()]; const r = await paypal.requestNonce(); */
export function createSandboxPayPal(): AlternativeMethod {
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
  return {
    id: 'paypal',
    labelKey: 'checkout.alternatives.paypal',
    Host,
    async requestNonce() {
      const choice = await approval.ask();
      if (choice === 'cancel') return { cancelled: true };
      return { nonce: SANDBOX_NONCES[choice] };
    },
  };
}
