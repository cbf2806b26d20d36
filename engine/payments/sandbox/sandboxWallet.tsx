/**
 * The preview build's wallet: a sheet like Apple Pay's or Google Pay's (the plan, what is charged
 * today, the recurring terms) with Pay, Pay with a card that asks for 3-D Secure, a declined wallet
 * card, and Cancel. Paying creates a payment method from one of Stripe's test cards on the sandbox
 * server, so the wallet's method runs the same subscription call, polling and 3-D Secure steps as a
 * typed card. A ChoiceDialog is the sheet; only one is open at a time.
 */
import { useTexts } from '../../react/translator.ts';
import { formatMoney } from '../../core/pricing.ts';
import type { WalletButtonProps, WalletMethod } from '../port.ts';
import { ChoiceDialog } from './ChoiceDialog.tsx';
import { createChoiceChannel } from './choiceChannel.ts';
import { createSandboxPaymentMethod } from './sandboxStripeClient.ts';

type SheetChoice = 'pay' | 'pay3ds' | 'declined' | 'cancel';

/** The wallet kind the sandbox offers; also a marker the production-bundle test searches for. */
export const SANDBOX_WALLET = 'sandbox_pay';

/** The test card behind each choice of the sheet (a far expiry: a wallet's device token does not expire). */
export const SANDBOX_WALLET_CARDS: Record<Exclude<SheetChoice, 'cancel'>, string> = {
  pay: '4242424242424242',
  pay3ds: '4000002500003155',
  declined: '4000000000000002',
};

/** @example gateway.wallet = createSandboxWallet({ publishableKey, language: () => 'en' }) */
export function createSandboxWallet(options: { publishableKey: string; language: () => string }): WalletMethod {
  const sheet = createChoiceChannel<SheetChoice>('cancel');

  function Button({ charge, disabled, onResult }: WalletButtonProps) {
    const { t } = useTexts();
    const open = async (): Promise<void> => {
      if (disabled || sheet.pending()) return;
      const choice = await sheet.ask({
        label: charge.label,
        price: formatMoney(charge.amountToday, options.language(), charge.currency),
        recurring: charge.recurring,
      });
      if (choice === 'cancel') return onResult({ cancelled: true });
      const created = await createSandboxPaymentMethod(
        options.publishableKey,
        { number: SANDBOX_WALLET_CARDS[choice], expMonth: 12, expYear: new Date().getFullYear() + 5, cvc: '123' },
        'Wallet Holder',
      );
      onResult(created);
    };
    return (
      <>
        <button
          type="button"
          className="fe-button fe-button--primary checkout-wallet__button"
          onClick={() => void open()}
          disabled={disabled}
          aria-busy={disabled}
        >
          {t('payments.sandboxWallet.button')}
        </button>
        <ChoiceDialog
          channel={sheet}
          titleKey="payments.sandboxWallet.title"
          textKey="payments.sandboxWallet.text"
          dismissWith="cancel"
          choices={[
            { id: 'pay', labelKey: 'payments.sandboxWallet.pay', variant: 'primary' },
            { id: 'pay3ds', labelKey: 'payments.sandboxWallet.pay3ds', variant: 'secondary' },
            { id: 'declined', labelKey: 'payments.sandboxWallet.declined', variant: 'secondary' },
            { id: 'cancel', labelKey: 'payments.sandboxWallet.cancel', variant: 'link' },
          ]}
        />
      </>
    );
  }

  return {
    available: async () => SANDBOX_WALLET,
    Button,
  };
}
