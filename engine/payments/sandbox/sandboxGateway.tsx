/**
 * The sandbox PaymentGateway (preview builds only, loaded by ./registration.ts behind __PREVIEW__ so
 * the production bundle has none of it). It collects the card in its own accessible form, sends it
 * to the preview server's card API (which decides each test card's outcome, as Stripe does), and
 * shows the 3-D Secure challenge as a dialog with Complete and Fail.
 */
import type { ReactNode } from 'react';
import { useTexts } from '../../react/translator.ts';
import { formatMoney } from '../../core/pricing.ts';
import type { CardFormProps, Loaded, PaymentGateway } from '../port.ts';
import { ChoiceDialog } from './ChoiceDialog.tsx';
import { createChoiceChannel } from './choiceChannel.ts';
import { SandboxCardForm } from './SandboxCardForm.tsx';
import { createSandboxWallet } from './sandboxWallet.tsx';
import { confirmSandboxIntent, createSandboxPaymentMethod, retrieveSandboxIntentAmount, type SandboxCard } from './sandboxStripeClient.ts';

type Challenge = 'complete' | 'fail';

/** @example const gateway = createSandboxGateway({ publishableKey: store.signup.publishableKey, language: 'en' }) */
export function createSandboxGateway(options: { publishableKey: string; language: () => string }): Loaded<PaymentGateway> {
  const challenge = createChoiceChannel<Challenge>('fail');
  let card: SandboxCard | undefined;

  function CardForm(props: CardFormProps) {
    return <SandboxCardForm {...props} onCard={(c) => (card = c)} />;
  }

  function Host({ children }: { children: ReactNode }) {
    useTexts(); // re-render the dialog when the language changes
    return (
      <>
        {children}
        <ChoiceDialog
          channel={challenge}
          titleKey="checkout.sandbox.challengeTitle"
          textKey="checkout.sandbox.challengeText"
          dismissWith="fail"
          choices={[
            { id: 'complete', labelKey: 'checkout.sandbox.complete', variant: 'primary' },
            { id: 'fail', labelKey: 'checkout.sandbox.fail', variant: 'secondary' },
          ]}
        />
      </>
    );
  }

  return {
    id: 'sandbox',
    Host,
    CardForm,
    wallet: createSandboxWallet(options),
    async createPaymentMethod({ billingName }) {
      if (!card) return { error: { message: 'Your card number is incomplete.', code: 'incomplete_number' } };
      return createSandboxPaymentMethod(options.publishableKey, card, billingName);
    },
    async confirmPayment(clientSecret, paymentMethodId) {
      const amount = await retrieveSandboxIntentAmount(options.publishableKey, clientSecret);
      const price = amount === undefined ? '' : formatMoney(amount.amount, options.language(), amount.currency);
      const choice = await challenge.ask({ price });
      return confirmSandboxIntent(options.publishableKey, clientSecret, choice, paymentMethodId);
    },
  };
}
