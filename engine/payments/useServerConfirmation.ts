/**
 * React access to serverConfirmation.ts: a page that shows a paid purchase asks the server first and
 * renders "paid" only once it answered (checking → confirmed), sends the visitor on when there is no
 * purchase (none), and offers a retry when the server could not be asked (failed).
 */
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { useEngine } from '../react/context.ts';
import { purchaseAccountOf } from './account.ts';
import { confirmPurchase, isConfirmed } from './serverConfirmation.ts';
import type { SubscriptionApi } from './backend.ts';

export type ConfirmationState = 'checking' | 'confirmed' | 'none' | 'signedOut' | 'failed';

/** @example const { state, retry } = useServerConfirmation(api); if (state !== 'confirmed') return <Checking />; */
export function useServerConfirmation(api: Pick<SubscriptionApi, 'getReceipt'>): { state: ConfirmationState; retry: () => void } {
  const { store } = useEngine();
  const account = purchaseAccountOf(useSnapshot(store.signup));
  const [state, setState] = useState<ConfirmationState>(() => (isConfirmed(store) ? 'confirmed' : 'checking'));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (isConfirmed(store)) return;
    const controller = new AbortController();
    confirmPurchase(store, api, account, controller.signal).then(
      (result) => !controller.signal.aborted && setState(result),
      () => !controller.signal.aborted && setState('failed'),
    );
    return () => controller.abort();
  }, [store, api, account, attempt]);
  const retry = useCallback(() => {
    setState('checking');
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
