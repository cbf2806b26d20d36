import { useCallback, useEffect, useState } from 'react';
import type { PaymentGateway } from '../../engine/payments/index.ts';

export type GatewayState =
  | { status: 'loading' }
  | { status: 'ready'; gateway: PaymentGateway }
  | { status: 'failed'; error: unknown };

/**
 * Loads the card gateway once per attempt; `retry()` loads it again after a failure.
 * @param load resolves with the gateway or rejects (blocked, offline, time-out)
 */
export function useCardGateway(load: () => Promise<PaymentGateway>): GatewayState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<GatewayState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (gateway) => live && setState({ status: 'ready', gateway }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- load once per attempt
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { ...state, retry };
}
