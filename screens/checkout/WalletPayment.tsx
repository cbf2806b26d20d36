import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MethodFailure } from './MethodFailure.tsx';
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
  /** The last purchase through the wallet failed: its text, in the visitor's language, shown under the wallet's button. */
  failure?: string;
}

/**
 * Apple Pay or Google Pay (or the sandbox wallet) first among the express ways to pay above the card
 * form (ExpressMethods), when the browser offers one; its failure under its button. Where no wallet
 * is offered nothing is shown.
 */
export function WalletPayment({ wallet, charge, busy, onMethod, onCancel, failure }: WalletPaymentProps) {
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
      {failure ? <MethodFailure text={failure} testId="wallet-failure" /> : null}
    </div>
  );
}
