import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { PaymentMethodResult, WalletCharge, WalletMethod, WalletResult } from '../../engine/payments/index.ts';

export interface WalletPaymentProps {
  wallet: WalletMethod;
  charge: WalletCharge;
  /** True while a purchase runs: the wallet button is disabled (the double-submit guard). */
  busy: boolean;
  /** The visitor approved in the sheet (or the wallet's card was refused): run the purchase with it. */
  onMethod: (method: PaymentMethodResult) => void;
  /** The visitor closed the sheet. */
  onCancel: () => void;
}

/**
 * Apple Pay or Google Pay (or the sandbox wallet) above the card form, when the browser offers one,
 * with an "or pay by card" divider. Where no wallet is offered nothing is shown.
 */
export function WalletPayment({ wallet, charge, busy, onMethod, onCancel }: WalletPaymentProps) {
  const { t } = useTexts();
  const [offered, setOffered] = useState<string | null>(null);
  const latest = useRef({ onMethod, onCancel });
  // the sheet's callbacks always reach the latest handlers, without re-asking the wallet on each render
  useLayoutEffect(() => {
    latest.current = { onMethod, onCancel };
  });
  useEffect(() => {
    let live = true;
    wallet.available(charge).then(
      (kind) => live && setOffered(kind),
      () => live && setOffered(null),
    );
    return () => {
      live = false;
    };
  }, [wallet]); // eslint-disable-line react-hooks/exhaustive-deps -- one wallet request per checkout: the plan does not change here
  const onResult = useCallback((result: WalletResult) => {
    if ('cancelled' in result) latest.current.onCancel();
    else latest.current.onMethod(result);
  }, []);
  if (!offered) return null;
  return (
    <div className="checkout-wallet" data-wallet={offered}>
      <wallet.Button charge={charge} disabled={busy} onResult={onResult} />
      <p className="checkout-wallet__or" aria-hidden="true">
        <span>{t('payments.wallet.or')}</span>
      </p>
    </div>
  );
}
