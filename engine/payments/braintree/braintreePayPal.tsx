/**
 * PayPal through Braintree: a button that, when the visitor turns to it (pointer, focus, touch),
 * creates the Braintree client with the client token and loads PayPal's SDK, then on the click opens
 * PayPal's billing-agreement window. The approval becomes a payment method nonce for the Braintree
 * subscription call (spec section 7, call 5). Nothing of Braintree or PayPal loads before that. The
 * approval is a billing agreement (PayPal's vault flow), so the portal keeps the PayPal account with
 * the customer and `vaultedNonce` can charge it again without a new window (the upsell).
 */
import { useRef } from 'react';
import { useTexts } from '../../react/translator.ts';
import type { AlternativeButtonProps, AlternativeMethod, Loaded } from '../port.ts';
import type { PayPalSession, PayPalVaultLoader } from './payPalVault.ts';

/**
 * @param clientToken the Braintree client token (store.signup.clientToken)
 * @param description what the billing agreement says in PayPal's window
 */
export function createBraintreePayPal(clientToken: string, loader: PayPalVaultLoader, description: string): Loaded<AlternativeMethod> {
  let session: PayPalSession | undefined;
  let preparing: Promise<PayPalSession> | undefined;
  // the handlers of the button on screen: the session outlives a re-render
  let handlers: Omit<AlternativeButtonProps, 'disabled'> | undefined;

  const prepare = (): Promise<PayPalSession> => {
    preparing ??= loader.load(clientToken).then((vault) => {
      session = vault.createBillingAgreementSession({
        billingAgreementDescription: description,
        onApprove: async (data) => {
          try {
            const { nonce } = await vault.tokenizePayment(data);
            handlers?.onNonce(nonce);
          } catch {
            handlers?.onError();
          }
        },
        onCancel: () => handlers?.onCancel(),
        onError: () => handlers?.onError(),
      });
      return session;
    });
    // a failed load may be tried again on the next click
    preparing.catch(() => (preparing = undefined));
    return preparing;
  };

  function Button({ disabled, ...props }: AlternativeButtonProps) {
    const { t } = useTexts();
    handlers = props;
    const opening = useRef(false);
    const warmUp = (): void => void prepare().catch(() => undefined);
    const open = (): void => {
      if (disabled || opening.current) return;
      if (session) {
        session.start();
        return;
      }
      opening.current = true;
      prepare()
        .then(
          (s) => s.start(),
          () => props.onError(),
        )
        .finally(() => (opening.current = false));
    };
    return (
      <>
        <button
          type="button"
          className="fe-button fe-button--secondary checkout-alternatives__method"
          disabled={disabled}
          onPointerEnter={warmUp}
          onFocus={warmUp}
          onTouchStart={warmUp}
          onClick={open}
        >
          {t('checkout.alternatives.paypal')}
        </button>
        {loader.Host ? <loader.Host /> : null}
      </>
    );
  }

  return { id: 'paypal', Button, vaultedNonce: () => loader.vaultedNonce(clientToken) };
}
