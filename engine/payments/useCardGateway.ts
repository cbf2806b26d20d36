import { useCallback, useEffect, useState } from 'react';
import type { PaymentGateway } from './port.ts';

export type GatewayState = { status: 'loading' } | { status: 'ready'; gateway: PaymentGateway } | { status: 'failed'; error: unknown };

/**
 * Loads the card gateway once per attempt; `retry()` loads it again after a failure.
 * @param load resolves with the gateway or rejects (blocked, offline, time-out)
 */
export function useCardGateway(load: () => Promise<PaymentGateway>): GatewayState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<GatewayState>({ status: 'loading' });
  useEffect(() => {
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
