import { useCallback, useEffect, useState } from 'react';
import type { PaymentGateway } from './port.ts';

export type GatewayState = { status: 'loading' } | { status: 'ready'; gateway: PaymentGateway } | { status: 'failed'; error: unknown };

/**
 * Loads the card gateway once per attempt; `retry()` loads it again after a failure. A gateway that
 * `ready()` has at hand is there from the first render (no loading line, no second render).
 * @param load resolves with the gateway or rejects (blocked, offline, time-out)
 * @param ready the gateway without waiting, if it is already loaded (GatewayRegistry.readyCardGateway)
 */
export function useCardGateway(load: () => Promise<PaymentGateway>, ready?: () => PaymentGateway | undefined): GatewayState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<GatewayState>(() => {
    const gateway = ready?.();
    return gateway ? { status: 'ready', gateway } : { status: 'loading' };
  });
  useEffect(() => {
    if (attempt === 0 && state.status === 'ready') return; // ready from the first render
    let live = true;
    load().then(
      (gateway) => live && setState({ status: 'ready', gateway }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- load once per attempt
  // back to loading with the new attempt (in the same update, not from the effect: no extra render)
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return { ...state, retry };
}
