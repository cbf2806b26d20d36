/**
 * The cross-tab claim on an account's purchase: one purchase per account at a time in the whole
 * browser, taken in the Pay tap and held for the purchase's whole run: the subscription call, which
 * charges, is made only under it (the card may be tokenised meanwhile, which charges nothing). It is a
 * Web Lock (`navigator.locks`, in Chromium, Firefox and Safari 15.4+), which the browser releases by itself
 * when the tab closes or reloads; where there is none, a lease in local storage (./purchaseLease.ts)
 * that is read back after writing, so of two tabs writing at once only the one whose lease stayed goes
 * on, and that each tab judges by its own clock alone. A tab that finds the claim taken does not buy: it
 * shows the other tab's purchase (the record, ./purchaseRecord.ts) and waits for `claimReleased`.
 */
import { leaseReleased, sightLeases, withLease, type LeaseEnv } from './purchaseLease.ts';

export { LEASE_MS, leaseText } from './purchaseLease.ts';

type LockCallback = (lock: unknown) => Promise<unknown> | unknown;

/** The part of the Web Locks API the claim uses. */
export interface LockRequester {
  request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: LockCallback): Promise<unknown>;
  query?(): Promise<unknown>;
}

export interface ClaimEnv extends LeaseEnv {
  /** navigator.locks, or undefined where the browser has none. */
  locks?: LockRequester;
}

export type ClaimResult<T> = { claimed: true; value: T } | { claimed: false };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const randomTabId = (): string => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

let browserEnv: ClaimEnv | undefined;

/** Tells `listener` when the page is left (closed, reloaded, navigated away). */
function onPageHide(listener: () => void): () => void {
  const win = typeof window === 'undefined' ? undefined : window;
  win?.addEventListener('pagehide', listener);
  return () => win?.removeEventListener('pagehide', listener);
}

/** The browser's: its Web Locks when present, this tab's id, this tab's monotonic clock (never the wall clock, which may be minutes off or jump). */
export function browserClaimEnv(): ClaimEnv {
  if (!browserEnv) {
    const locks = (globalThis.navigator as { locks?: LockRequester } | undefined)?.locks;
    browserEnv = { locks, tabId: randomTabId(), now: () => performance.now(), sleep, onLeave: onPageHide };
  }
  return browserEnv;
}

/**
 * Readies the claims ahead of the first Pay. Opens the connection to the browser's lock service:
 * Chromium connects on the first use of `navigator.locks`, and that first request waits 13-50 ms at
 * 4x CPU, against about 2 ms once connected: a Pay tap would wait that long before its first call.
 * Without Web Locks, notes the leases already stored, so that one a dead tab left counts as let go
 * from LEASE_MS after now.
 * @example useEffect(() => connectClaims(), []);
 */
export function connectClaims(env: ClaimEnv = browserClaimEnv()): void {
  if (env.locks) env.locks.query?.().catch(() => undefined);
  else sightLeases(claimName(''), env);
}

/** The lock's (and the lease's) name for an account. */
export const claimName = (account: string): string => `purchase:${account}`;

/**
 * Runs `work` holding the account's purchase claim, or does nothing when another tab holds it.
 * @example const r = await runClaimed(account, () => buy()); if (!r.claimed) showOtherTabsPurchase();
 */
export async function runClaimed<T>(account: string, work: () => Promise<T>, env: ClaimEnv = browserClaimEnv()): Promise<ClaimResult<T>> {
  if (!env.locks) return withLease(claimName(account), work, env);
  let result: ClaimResult<T> = { claimed: false };
  await env.locks.request(claimName(account), { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    result = { claimed: true, value: await work() };
  });
  return result;
}

/**
 * Resolves once no tab holds the account's claim (at once when none does), or when `signal` aborts.
 * @example await claimReleased(account, signal); // the other tab's purchase ended, or the tab went away
 */
export async function claimReleased(account: string, signal?: AbortSignal, env: ClaimEnv = browserClaimEnv()): Promise<void> {
  if (env.locks) {
    // waits its turn for the lock and lets go at once: granted means the holder has let go
    await env.locks.request(claimName(account), { signal }, () => undefined).catch(() => undefined);
    return;
  }
  await leaseReleased(claimName(account), env, signal);
}
