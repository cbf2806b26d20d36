/**
 * The cross-tab claim on an account's purchase: one purchase per account at a time in the whole
 * browser, taken in the Pay tap and held for the purchase's whole run: the subscription call, which
 * charges, is made only under it (the card may be tokenised meanwhile, which charges nothing). It is a
 * Web Lock (`navigator.locks`, in Chromium, Firefox and Safari 15.4+), which the browser releases by itself
 * when the tab closes or reloads; where there is none, a lease in local storage (owner tab and expiry,
 * renewed while the purchase runs) that is read back after writing, so of two tabs writing at once
 * only the one whose lease stayed goes on. A tab that finds the claim taken does not buy: it shows
 * the other tab's purchase (the record, ./purchaseRecord.ts) and waits for `claimReleased`.
 */
import { readJson, removeItem, writeItem } from '../core/safeStorage.ts';

/** How long a lease holds without renewal (a tab that died lets go after this). */
export const LEASE_MS = 8000;
/** How often a running purchase renews its lease. */
export const LEASE_RENEW_MS = 2000;
/** How long a tab waits after writing its lease before reading it back (another tab's write lands by then). */
export const LEASE_SETTLE_MS = 60;
/** How often a waiting tab looks at the lease again. */
export const LEASE_POLL_MS = 500;

type LockCallback = (lock: unknown) => Promise<unknown> | unknown;

/** The part of the Web Locks API the claim uses. */
export interface LockRequester {
  request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: LockCallback): Promise<unknown>;
  query?(): Promise<unknown>;
}

export interface ClaimEnv {
  /** navigator.locks, or undefined where the browser has none. */
  locks?: LockRequester;
  /** This tab's id (the lease's owner). */
  tabId: string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export type ClaimResult<T> = { claimed: true; value: T } | { claimed: false };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const randomTabId = (): string => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

let browserEnv: ClaimEnv | undefined;

/** The browser's: its Web Locks when present, this tab's id, the real clock. */
export function browserClaimEnv(): ClaimEnv {
  if (!browserEnv) {
    const locks = (globalThis.navigator as { locks?: LockRequester } | undefined)?.locks;
    browserEnv = { locks, tabId: randomTabId(), now: () => Date.now(), sleep };
  }
  return browserEnv;
}

/**
 * Opens the connection to the browser's lock service ahead of the first claim. Chromium connects on
 * the first use of `navigator.locks`, and that first request waits 13-50 ms at 4x CPU, against about
 * 2 ms once connected: a Pay tap would wait that long before its first call.
 * @example useEffect(() => connectClaims(), []);
 */
export function connectClaims(env: ClaimEnv = browserClaimEnv()): void {
  env.locks?.query?.().catch(() => undefined);
}

/** The lock's (and the lease's) name for an account. */
export const claimName = (account: string): string => `purchase:${account}`;

interface Lease {
  owner: string;
  expires: number;
}

function readLease(account: string): Lease | undefined {
  const lease = readJson<Partial<Lease>>('local', claimName(account));
  return typeof lease?.owner === 'string' && typeof lease.expires === 'number' ? (lease as Lease) : undefined;
}

const heldByOther = (lease: Lease | undefined, env: ClaimEnv): boolean => lease !== undefined && lease.owner !== env.tabId && lease.expires > env.now();

async function withLease<T>(account: string, work: () => Promise<T>, env: ClaimEnv): Promise<ClaimResult<T>> {
  const key = claimName(account);
  if (heldByOther(readLease(account), env)) return { claimed: false };
  const write = (): boolean => writeItem('local', key, JSON.stringify({ owner: env.tabId, expires: env.now() + LEASE_MS }));
  // a storage that refuses writes cannot be shared with another tab either: this tab goes on alone
  if (write()) {
    await env.sleep(LEASE_SETTLE_MS);
    if (readLease(account)?.owner !== env.tabId) return { claimed: false };
  }
  const renew = setInterval(write, LEASE_RENEW_MS);
  try {
    return { claimed: true, value: await work() };
  } finally {
    clearInterval(renew);
    if (readLease(account)?.owner === env.tabId) removeItem('local', key);
  }
}

/**
 * Runs `work` holding the account's purchase claim, or does nothing when another tab holds it.
 * @example const r = await runClaimed(account, () => buy()); if (!r.claimed) showOtherTabsPurchase();
 */
export async function runClaimed<T>(account: string, work: () => Promise<T>, env: ClaimEnv = browserClaimEnv()): Promise<ClaimResult<T>> {
  if (!env.locks) return withLease(account, work, env);
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
  while (!signal?.aborted && heldByOther(readLease(account), env)) await env.sleep(LEASE_POLL_MS);
}
