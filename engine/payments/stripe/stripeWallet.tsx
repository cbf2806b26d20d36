/**
 * Apple Pay and Google Pay through Stripe's Payment Request API (`stripe.paymentRequest`) with our
 * own button that calls `show()` (lighter than the Express Checkout Element, which would need a
 * second Elements group in subscription mode; @stripe/react-stripe-js 7 has no Payment Request
 * Button component). The sheet shows the plan, what is charged today and the recurring terms; the payment method it yields
 * goes into the same subscription call, polling and 3-D Secure steps as a card. The sheet is closed
 * with 'success' as soon as Stripe hands over the payment method: the purchase's outcome (a 3-D
 * Secure challenge, a decline) is shown on the page, as Stripe advises for subscriptions.
 */
import { useEffect } from 'react';
import { useTexts } from '../../react/translator.ts';
import type { PaymentRequest, PaymentRequestOptions, PaymentRequestPaymentMethodEvent, Stripe } from '@stripe/stripe-js';
import type { WalletButtonProps, WalletCharge, WalletMethod } from '../port.ts';
import { toMinorUnits } from '../../core/currency.ts';

/** The Payment Request options of a charge: amounts in cents, Link and saved browser cards left to the card form. */
export function paymentRequestOptions(charge: WalletCharge): PaymentRequestOptions {
  // Stripe counts in the currency's smallest unit: cents, but yen as they are
  const cents = toMinorUnits(charge.amountToday, charge.currency);
  return {
    country: charge.country,
    currency: charge.currency.toLowerCase(),
    total: { label: charge.label, amount: cents },
    displayItems: [{ label: `${charge.label}: ${charge.recurring}`, amount: cents }],
    requestPayerName: true,
    disableWallets: ['link', 'browserCard'],
  };
}

/** A wallet over a loaded Stripe instance; one Payment Request per checkout. */
export function createStripeWallet(stripe: Stripe): WalletMethod {
  let request: PaymentRequest | undefined;
  let offered: 'apple_pay' | 'google_pay' = 'google_pay';

  function Button({ disabled, onResult }: WalletButtonProps) {
    useEffect(() => {
      const current = request;
      if (!current) return;
      const onMethod = (event: PaymentRequestPaymentMethodEvent): void => {
        event.complete('success');
        onResult({ id: event.paymentMethod.id, country: event.paymentMethod.card?.country ?? undefined });
      };
      const onCancel = (): void => onResult({ cancelled: true });
      current.on('paymentmethod', onMethod);
      current.on('cancel', onCancel);
      return () => {
        current.off('paymentmethod', onMethod);
        current.off('cancel', onCancel);
      };
    }, [onResult]);
    const { t } = useTexts();
    if (!request) return null;
    const open = (): void => {
      // the double-submit guard: no second sheet while a purchase runs or a sheet is open
      if (disabled || !request || request.isShowing()) return;
      request.show();
    };
    return (
      <button
        type="button"
        className={`fe-button fe-button--primary checkout-wallet__button checkout-wallet__button--${offered}`}
        onClick={open}
        disabled={disabled}
        aria-busy={disabled}
      >
        {t(`payments.wallet.${offered}`)}
      </button>
    );
  }

  return {
    async available(charge) {
      request = stripe.paymentRequest(paymentRequestOptions(charge));
      const can = await request.canMakePayment();
      if (can?.applePay || can?.googlePay) {
        offered = can.applePay ? 'apple_pay' : 'google_pay';
        return offered;
      }
      request = undefined;
      return null;
    },
    Button,
  };
}
