import type { ReactNode } from 'react';
import { useTexts } from '../../engine/react/index.ts';

/**
 * The express ways to pay (the wallet, then PayPal and any other alternative method) above the card
 * form, then "or pay by card". Each child renders nothing until its method is offered; while none
 * is, the block and its divider take no room (checkout.css, `:empty`).
 */
export function ExpressMethods({ children }: { children: ReactNode }) {
  const { t } = useTexts();
  return (
    <>
      <div className="checkout-express" data-testid="checkout-express">
        {children}
      </div>
      <p className="checkout-express__or" aria-hidden="true">
        <span>{t('payments.wallet.or')}</span>
      </p>
    </>
  );
}
