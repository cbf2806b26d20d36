/**
 * Following a purchase another tab holds (./purchaseClaim.ts): after a purchase answered 'elsewhere',
 * the screen shows that tab's purchase (its record) instead of a Pay button until the claim is let go.
 * Then the record tells the outcome: paid (the record says so, and the success step has the server
 * confirm it), still open (the tab went away: this one takes the purchase over), or gone (a final
 * failure there: the visitor may pay here, and is told why the other tab's payment vanished).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { claimReleased, type ClaimEnv } from './purchaseClaim.ts';
import { readPurchaseRecord } from './purchaseRecord.ts';

export interface OtherTabPurchase {
  /** True while another tab holds the account's purchase. */
  elsewhere: boolean;
  /** True once a purchase followed in another tab ended without a purchase left (it failed there). */
  failedElsewhere: boolean;
  /** Starts following the other tab's purchase (after an 'elsewhere' outcome). */
  follow: () => void;
  /** Forgets `failedElsewhere` (the visitor starts a purchase here). */
  dismiss: () => void;
}

/** @example const other = useOtherTabPurchase(account); if (outcome.status === 'elsewhere') other.follow(); */
export function useOtherTabPurchase(account: string, env?: ClaimEnv): OtherTabPurchase {
  const [elsewhere, setElsewhere] = useState(false);
  const [failedElsewhere, setFailedElsewhere] = useState(false);
  const following = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => following.current?.abort(), []);

  const follow = useCallback(() => {
    if (following.current && !following.current.signal.aborted) return;
    const controller = new AbortController();
    following.current = controller;
    setElsewhere(true);
    setFailedElsewhere(false);
    void claimReleased(account, controller.signal, env).then(() => {
      if (controller.signal.aborted) return;
      following.current = undefined;
      setElsewhere(false);
      setFailedElsewhere(readPurchaseRecord(account) === undefined);
    });
  }, [account, env]);
  const dismiss = useCallback(() => setFailedElsewhere(false), []);
  return { elsewhere, failedElsewhere, follow, dismiss };
}
