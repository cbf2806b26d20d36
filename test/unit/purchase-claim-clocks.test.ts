/**
 * The cross-tab claim with tabs whose clocks disagree: no tab trusts a time another tab wrote. With or
 * without Web Locks, a tab whose clock runs minutes ahead or behind never buys while another tab's
 * purchase runs, and follows that purchase to its outcome. Without Web Locks, the lease a tab finds is
 * judged by that tab's own clock only: live while its heartbeat moves, let go when its holder leaves
 * (pagehide) or, after a crash, once it has stood still for LEASE_MS by the waiting tab's clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserClaimEnv, claimName, claimReleased, LEASE_MS, leaseText, runClaimed, type ClaimEnv } from '../../engine/payments/index.ts';
import { clearPurchaseRecord, purchase, readPurchaseRecord } from '../../engine/payments/index.ts';
import { funnel, paid, scriptedApi, scriptedGateway, virtualClock } from './checkout-fakes.ts';
import { MemoryStorage } from './memoryStorage.ts';
import { FakeLocks } from './fakeLocks.ts';

const ACCOUNT = 'user:42';
const FIVE_MINUTES = 5 * 60_000;

let local: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
});
afterEach(() => {
  vi.useRealTimers();
  clearPurchaseRecord();
  vi.unstubAllGlobals();
});

/** A tab whose clock is `skew` off the others' (the clock is Date's: faked where a test fakes the timers). */
const tab = (tabId: string, skew: number, extra: Partial<ClaimEnv> = {}): ClaimEnv => ({
  tabId,
  now: () => Date.now() + skew,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  ...extra,
});

const deferred = <T = void>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

const skews = [
  ['the first tab 5 minutes behind', -FIVE_MINUTES, 0],
  ['the first tab 5 minutes ahead', FIVE_MINUTES, 0],
  ['the second tab 5 minutes behind', 0, -FIVE_MINUTES],
  ['the second tab 5 minutes ahead', 0, FIVE_MINUTES],
] as const;

describe.each([
  ['Web Locks', () => new FakeLocks()],
  ['the local-storage lease (no navigator.locks)', () => undefined],
])('the claim with %s, clocks skewed', (_name, makeLocks) => {
  it.each(skews)(
    '%s: Pay in both tabs, one plan each: one subscription call; the second tab follows the first one’s purchase to its success',
    async (_case, skewOne, skewTwo) => {
      const locks = makeLocks();
      const [one, two] = [funnel(), funnel()];
      const [tabOne, tabTwo] = [tab('one', skewOne, { locks }), tab('two', skewTwo, { locks })];
      const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_1', 59.88, 59.88)] });
      const slowGateway = (id: string) => {
        const gateway = scriptedGateway({ created: [{ id }] });
        gateway.createPaymentMethod.mockImplementation(async () => {
          await new Promise((r) => setTimeout(r, 300)); // tokenisation takes its time, as Stripe's does
          return { id };
        });
        return gateway;
      };
      const durable = { account: ACCOUNT, checkoutPath: '/checkout' };
      const first = purchase(
        { api, gateway: slowGateway('pm_1'), store: one.store, analytics: one.analytics, clock: virtualClock(), claims: tabOne },
        { plan: 'gz-3-month-fox', durable },
      );
      await new Promise((r) => setTimeout(r, 100)); // the first tab holds the claim now
      const second = await purchase(
        { api, gateway: slowGateway('pm_2'), store: two.store, analytics: two.analytics, clock: virtualClock(), claims: tabTwo },
        { plan: 'gz-1-month-tiger', durable },
      );
      expect(second).toEqual({ status: 'elsewhere' });
      // the second tab shows the first one's purchase while it runs, and learns its outcome once it is let go
      expect(readPurchaseRecord(ACCOUNT)).toMatchObject({ plan: 'gz-3-month-fox', status: 'processing' });
      const followed = claimReleased(ACCOUNT, undefined, tabTwo).then(() => readPurchaseRecord(ACCOUNT));
      expect(await first).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_1' });
      expect(await followed).toMatchObject({ plan: 'gz-3-month-fox', status: 'succeeded', result: { subscriptionId: 'sub_1' } });
      expect(calls.posts.map((p) => p.plan)).toEqual(['gz-3-month-fox']);
      expect(two.names()).toEqual([]);
    },
  );
});

describe('the local-storage lease, judged by the waiting tab’s own clock', () => {
  it.each([
    ['5 minutes ahead', FIVE_MINUTES],
    ['5 minutes behind', -FIVE_MINUTES],
  ])('a purchase held for a minute: a tab %s never counts it let go while its heartbeat moves, and does at once when it ends', async (_case, skew) => {
    vi.useFakeTimers();
    const holding = deferred<string>();
    const holder = runClaimed(ACCOUNT, () => holding.promise, tab('one', 0));
    await vi.advanceTimersByTimeAsync(100);
    const waiter = tab('two', skew);
    let released = false;
    void claimReleased(ACCOUNT, undefined, waiter).then(() => (released = true));
    for (let second = 0; second < 60; second++) {
      await vi.advanceTimersByTimeAsync(1000);
      expect(await runClaimed(ACCOUNT, async () => 'bought twice', waiter)).toEqual({ claimed: false });
    }
    expect(released).toBe(false);
    holding.resolve('bought');
    expect(await holder).toEqual({ claimed: true, value: 'bought' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(released).toBe(true);
    const next = runClaimed(ACCOUNT, async () => 'next purchase', waiter);
    await vi.advanceTimersByTimeAsync(100); // its own lease, read back
    expect(await next).toEqual({ claimed: true, value: 'next purchase' });
  });

  it('a tab closed mid-claim lets go on pagehide: the waiting tab takes over at once', async () => {
    vi.useFakeTimers();
    const leaving = new Set<() => void>();
    const onLeave = (listener: () => void): (() => void) => {
      leaving.add(listener);
      return () => leaving.delete(listener);
    };
    void runClaimed(ACCOUNT, () => new Promise<never>(() => {}), tab('one', FIVE_MINUTES, { onLeave }));
    await vi.advanceTimersByTimeAsync(100);
    const waiter = tab('two', 0);
    let released = false;
    void claimReleased(ACCOUNT, undefined, waiter).then(() => (released = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(released).toBe(false);
    leaving.forEach((listener) => listener()); // the tab is closed, its purchase never ends
    await vi.advanceTimersByTimeAsync(1000);
    expect(released).toBe(true);
    expect(local.getItem(claimName(ACCOUNT))).toBeNull();
  });

  it('a tab that died without pagehide (its heartbeat stands still) lets go LEASE_MS after the waiting tab first saw it, even when that tab’s clock went back', async () => {
    local.setItem(claimName(ACCOUNT), leaseText('crashed', 7));
    let time = 50_000;
    const waiter = tab('two', 0, { now: () => time, sleep: async () => {} });
    const work = vi.fn(async () => 'bought');
    expect(await runClaimed(ACCOUNT, work, waiter)).toEqual({ claimed: false });
    time -= FIVE_MINUTES; // this tab's clock jumps back: what it saw counts from now
    expect(await runClaimed(ACCOUNT, work, waiter)).toEqual({ claimed: false });
    time += LEASE_MS - 1;
    expect(await runClaimed(ACCOUNT, work, waiter)).toEqual({ claimed: false });
    expect(work).not.toHaveBeenCalled();
    time += 1;
    expect(await runClaimed(ACCOUNT, work, waiter)).toEqual({ claimed: true, value: 'bought' });
  });

  it('a heartbeat written while this tab looked away is live, however long it looked away', async () => {
    local.setItem(claimName(ACCOUNT), leaseText('one', 1));
    let time = 0;
    const waiter = tab('two', 0, { now: () => time });
    expect(await runClaimed(ACCOUNT, async () => 'bought', waiter)).toEqual({ claimed: false });
    time += 10 * LEASE_MS;
    local.setItem(claimName(ACCOUNT), leaseText('one', 2));
    expect(await runClaimed(ACCOUNT, async () => 'bought', waiter)).toEqual({ claimed: false });
  });

  it('a holder never writes over a lease another tab has taken over', async () => {
    vi.useFakeTimers();
    const holding = deferred();
    const holder = runClaimed(ACCOUNT, () => holding.promise, tab('one', 0));
    await vi.advanceTimersByTimeAsync(100);
    local.setItem(claimName(ACCOUNT), leaseText('two', 1));
    await vi.advanceTimersByTimeAsync(10_000);
    holding.resolve();
    await holder;
    expect(local.getItem(claimName(ACCOUNT))).toBe(leaseText('two', 1));
  });

  it('the browser’s clock is this tab’s monotonic one: a jump of the wall clock does not move it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const env = browserClaimEnv();
    const before = env.now();
    vi.setSystemTime(Date.now() + FIVE_MINUTES);
    expect(env.now() - before).toBeLessThan(LEASE_MS);
  });
});
