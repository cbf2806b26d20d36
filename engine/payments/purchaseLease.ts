/**
 * The purchase claim where the browser has no Web Locks (./purchaseClaim.ts): a lease in local
 * storage, `{ owner, beat }`, the owner tab's id and a heartbeat counter the owner moves on every
 * LEASE_RENEW_MS while its purchase runs. No tab ever compares a time another tab wrote with its own
 * clock (tabs' clocks may differ by minutes): a tab judges another tab's lease by its own monotonic
 * clock alone. The lease is live until this tab has seen it unchanged for LEASE_MS of its own time,
 * counted from when it first saw that value; a lease first seen just now is live. So a tab that closes
 * mid-purchase lets go at once when its `pagehide` runs, and otherwise (a crash, a killed process) once
 * its heartbeat has stood still for LEASE_MS in the eyes of the tab that waits.
 */
import { readItem, removeItem, writeItem } from '../core/safeStorage.ts';

/** How long another tab's lease must stand still, by this tab's clock, before this tab counts it as let go. */
export const LEASE_MS = 8000;
/** How often a running purchase moves its heartbeat on. */
export const LEASE_RENEW_MS = 2000;
/** How long a tab waits after writing its lease before reading it back (another tab's write lands by then). */
export const LEASE_SETTLE_MS = 60;
/** How often a waiting tab looks at the lease again. */
export const LEASE_POLL_MS = 500;

export interface LeaseEnv {
  /** This tab's id (the lease's owner). */
  tabId: string;
  /** This tab's monotonic clock (performance.now): compared only with its own earlier readings. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Calls `listener` when the page is being left (pagehide); returns the unsubscribe function. */
  onLeave?: (listener: () => void) => () => void;
}

/** The stored text of a lease. */
export const leaseText = (owner: string, beat: number): string => JSON.stringify({ owner, beat });

function leaseOwner(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    const lease = JSON.parse(raw) as { owner?: unknown; beat?: unknown } | null;
    return typeof lease?.owner === 'string' && typeof lease.beat === 'number' ? lease.owner : undefined;
  } catch {
    return undefined;
  }
}

/** What a tab last saw under a lease key, and when by its own clock it first saw that. */
interface Sighting {
  raw: string;
  since: number;
}
/** Per tab (per environment): two tabs in one test process keep their own. */
const sightings = new WeakMap<LeaseEnv, Map<string, Sighting>>();

function sightingsOf(env: LeaseEnv): Map<string, Sighting> {
  const seen = sightings.get(env) ?? new Map<string, Sighting>();
  sightings.set(env, seen);
  return seen;
}

/** Whether another tab holds the lease under `key`, as this tab sees it now (it remembers what it saw). */
export function heldByOther(key: string, env: LeaseEnv): boolean {
  const seen = sightingsOf(env);
  const raw = readItem('local', key);
  const owner = leaseOwner(raw);
  if (raw === undefined || owner === undefined) {
    seen.delete(key);
    return false;
  }
  if (owner === env.tabId) return false;
  const now = env.now();
  const last = seen.get(key);
  // a new value is a live heartbeat; so is one this tab's clock cannot place (a clock that went back)
  if (!last || last.raw !== raw || now < last.since) {
    seen.set(key, { raw, since: now });
    return true;
  }
  return now - last.since < LEASE_MS;
}

/**
 * Notes every lease in local storage now, so that one a dead tab left behind counts as let go LEASE_MS
 * after this (the checkout opening), rather than after the Pay tap.
 */
export function sightLeases(prefix: string, env: LeaseEnv): void {
  try {
    const storage = globalThis.localStorage;
    const keys = Array.from({ length: storage?.length ?? 0 }, (_, k) => storage.key(k) ?? '');
    for (const key of keys) if (key.startsWith(prefix)) heldByOther(key, env);
  } catch {
    /* no storage: no lease to see */
  }
}

export type LeaseResult<T> = { claimed: true; value: T } | { claimed: false };

/** Runs `work` holding the lease under `key`, or does nothing when another tab holds it. */
export async function withLease<T>(key: string, work: () => Promise<T>, env: LeaseEnv): Promise<LeaseResult<T>> {
  if (heldByOther(key, env)) return { claimed: false };
  let beat = 0;
  let mine: string | undefined;
  const write = (): boolean => {
    const raw = leaseText(env.tabId, ++beat);
    if (!writeItem('local', key, raw)) return false;
    mine = raw;
    return true;
  };
  const stillMine = (): boolean => mine !== undefined && readItem('local', key) === mine;
  // a storage that refuses writes cannot be shared with another tab either: this tab goes on alone
  if (write()) {
    await env.sleep(LEASE_SETTLE_MS);
    if (!stillMine()) return { claimed: false };
  }
  // a lease another tab has taken over (this one stood still too long) is not written over
  const renew = setInterval(() => void (stillMine() && write()), LEASE_RENEW_MS);
  const letGo = (): void => {
    if (stillMine()) removeItem('local', key);
  };
  const stopWatching = env.onLeave?.(letGo);
  try {
    return { claimed: true, value: await work() };
  } finally {
    clearInterval(renew);
    stopWatching?.();
    letGo();
  }
}

/** Resolves once no other tab holds the lease under `key`, or when `signal` aborts. */
export async function leaseReleased(key: string, env: LeaseEnv, signal?: AbortSignal): Promise<void> {
  while (!signal?.aborted && heldByOther(key, env)) await env.sleep(LEASE_POLL_MS);
}
