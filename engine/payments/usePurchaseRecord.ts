/**
 * React access to the durable purchase record (purchaseRecord.ts): the record of the signed-up
 * account, kept current when this tab or another one changes it, and the one hook the paywall, the
 * offer and the checkout call so that a visitor with a purchase under way or done is brought back to
 * it instead of being sold the same thing again.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio/react';
import { useEngine } from '../react/context.ts';
import { purchaseAccountOf } from './account.ts';
import { onPurchaseRecordChange, readPurchaseRecord, type PurchaseRecord } from './purchaseRecord.ts';

/** The account's purchase record (undefined when none), re-read on every change. */
export function usePurchaseRecord(): PurchaseRecord | undefined {
  const { store } = useEngine();
  const account = purchaseAccountOf(useSnapshot(store.signup));
  // the raw JSON is the snapshot: a stable string, so React re-renders only on a real change
  const raw = useSyncExternalStore(onPurchaseRecordChange, () => JSON.stringify(readPurchaseRecord(account) ?? null));
  return (JSON.parse(raw) as PurchaseRecord | null) ?? undefined;
}

/** Where a visitor with this record belongs: the checkout while it runs, the success step once paid. */
export function purchaseHome(record: PurchaseRecord | undefined): string | undefined {
  if (!record) return undefined;
  if (record.status === 'succeeded') return record.successPath || record.checkoutPath || undefined;
  return record.checkoutPath || undefined;
}

/**
 * Sends a visitor whose purchase is under way or done to it (replacing this history entry).
 * @returns true while the screen is being left: render nothing
 * @example if (useSubscribedRedirect()) return null;
 */
export function useSubscribedRedirect(): boolean {
  const record = usePurchaseRecord();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const home = purchaseHome(record);
  const away = home !== undefined && home !== pathname;
  const go = useCallback(() => {
    if (home) navigate(home, { replace: true });
  }, [home, navigate]);
  useEffect(() => {
    if (away) go();
  }, [away, go]);
  return away;
}
