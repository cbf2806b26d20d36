/**
 * One purchase per account across the tabs of a browser: the claim (Web Locks, else a lease in local
 * storage read back after writing) is taken before the card is tokenised, so of two tabs pressing Pay
 * at once only one tokenises and posts; the other answers 'elsewhere' and follows the record.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimName, claimReleased, LEASE_MS, runClaimed, type ClaimEnv, type LockRequester } from '../../engine/payments/index.ts';
import { clearPurchaseRecord, purchase, readPurchaseRecord, writePurchaseRecord, type PurchaseRecord } from '../../engine/payments/index.ts';
import { funnel, openRecord, paid, scriptedApi, scriptedGateway, virtualClock } from './checkout-fakes.ts';
import { MemoryStorage } from './memoryStorage.ts';

const ACCOUNT = 'user:42';
const PLAN = 'gz-3-month-fox';

/** navigator.locks as the browser has it: one holder per name, `ifAvailable`, a queue, `signal`. */
class FakeLocks implements LockRequester {
  private held = new Set<string>();
  private queues = new Map<string, Array<() => void>>();
  async request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => unknown): Promise<unknown> {
    if (this.held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve, reject) => {
        const queue = this.queues.get(name) ?? [];
        queue.push(resolve);
        this.queues.set(name, queue);
        options.signal?.addEventListener('abort', () => reject(new DOMException('The request was aborted.', 'AbortError')));
      });
    }
    this.held.add(name);
    try {
      return await callback({ name });
    } finally {
      this.held.delete(name);
      this.queues.get(name)?.shift()?.();
    }
  }
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

let local: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
});
afterEach(() => {
  clearPurchaseRecord();
  vi.unstubAllGlobals();
});

const tab = (tabId: string, extra: Partial<ClaimEnv> = {}): ClaimEnv => ({
  tabId,
  now: () => Date.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  ...extra,
});

describe.each([
  ['Web Locks', () => new FakeLocks()],
  ['the local-storage lease (no navigator.locks)', () => undefined],
])('the claim with %s', (_name, makeLocks) => {
  it('one tab holds it at a time; the other is refused at once, then may claim once it is let go', async () => {
    const locks = makeLocks();
    const [a, b] = [tab('a', { locks }), tab('b', { locks })];
    const running = deferred();
    const first = runClaimed(
      ACCOUNT,
      async () => {
        await running.promise;
        return 'a bought';
      },
      a,
    );
    await new Promise((r) => setTimeout(r, 100)); // a holds the claim now
    expect(await runClaimed(ACCOUNT, async () => 'b bought', b)).toEqual({ claimed: false });
    let released = false;
    const waiting = claimReleased(ACCOUNT, undefined, b).then(() => (released = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(released).toBe(false);
    running.resolve();
    expect(await first).toEqual({ claimed: true, value: 'a bought' });
    await waiting;
    expect(await runClaimed(ACCOUNT, async () => 'b bought', b)).toEqual({ claimed: true, value: 'b bought' });
  });

  it("another account's purchase does not block this one", async () => {
    const locks = makeLocks();
    const running = deferred();
    const first = runClaimed('user:1', () => running.promise, tab('a', { locks }));
    await new Promise((r) => setTimeout(r, 100));
    expect(await runClaimed('user:2', async () => 'ok', tab('b', { locks }))).toEqual({ claimed: true, value: 'ok' });
    running.resolve();
    await first;
  });

  it('two tabs pressing Pay at once: one tokenises and posts, the other answers "elsewhere"; the record exists before tokenisation', async () => {
    const locks = makeLocks();
    const [one, two] = [funnel(), funnel()];
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_1', 59.88, 59.88)] });
    const seenAtTokenisation: Array<PurchaseRecord | undefined> = [];
    const slowGateway = (id: string) => {
      const gateway = scriptedGateway({ created: [{ id }] });
      gateway.createPaymentMethod.mockImplementation(async () => {
        seenAtTokenisation.push(readPurchaseRecord(ACCOUNT));
        await new Promise((r) => setTimeout(r, 300)); // tokenisation takes its time, as Stripe's does
        return { id };
      });
      return gateway;
    };
    const [g1, g2] = [slowGateway('pm_1'), slowGateway('pm_2')];
    const durable = { account: ACCOUNT, checkoutPath: '/checkout' };
    const clock = virtualClock();
    const [r1, r2] = await Promise.all([
      purchase({ api, gateway: g1, store: one.store, analytics: one.analytics, clock, claims: tab('a', { locks }) }, { plan: PLAN, durable }),
      new Promise((r) => setTimeout(r, 20)).then(() =>
        purchase({ api, gateway: g2, store: two.store, analytics: two.analytics, clock, claims: tab('b', { locks }) }, { plan: 'gz-1-month-tiger', durable }),
      ),
    ]);
    expect(r1).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_1' });
    expect(r2).toEqual({ status: 'elsewhere' });
    expect(g2.createPaymentMethod).not.toHaveBeenCalled();
    expect(calls.posts.map((p) => p.plan)).toEqual([PLAN]);
    expect(seenAtTokenisation).toEqual([expect.objectContaining({ plan: PLAN, paymentMethodId: '', status: 'processing' })]);
    expect(two.names()).toEqual([]);
  });
});

describe('the local-storage lease', () => {
  it('is read back after writing: of two tabs writing at once, the one whose lease stayed goes on', async () => {
    const a = tab('a', {
      // while tab a waits for its write to settle, tab b writes its own lease over it
      sleep: async () => {
        local.setItem(claimName(ACCOUNT), JSON.stringify({ owner: 'b', expires: Date.now() + LEASE_MS }));
      },
    });
    const work = vi.fn(async () => 'bought');
    expect(await runClaimed(ACCOUNT, work, a)).toEqual({ claimed: false });
    expect(work).not.toHaveBeenCalled();
  });

  it('a tab that died holding it (an expired lease) does not block the next purchase; the lease is removed at the end', async () => {
    local.setItem(claimName(ACCOUNT), JSON.stringify({ owner: 'gone', expires: Date.now() - 1 }));
    expect(await runClaimed(ACCOUNT, async () => 'ok', tab('a'))).toEqual({ claimed: true, value: 'ok' });
    expect(local.getItem(claimName(ACCOUNT))).toBeNull();
  });

  it('claimReleased stops waiting when its signal aborts', async () => {
    local.setItem(claimName(ACCOUNT), JSON.stringify({ owner: 'other', expires: Date.now() + LEASE_MS }));
    const controller = new AbortController();
    const waiting = claimReleased(ACCOUNT, controller.signal, tab('a', { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 10))) }));
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
  });
});

describe('a record found under the claim', () => {
  const record = (patch: Partial<PurchaseRecord>): PurchaseRecord => openRecord(ACCOUNT, PLAN, patch);

  it('claimed but never sent (its tab went away while tokenising): dropped, and a resume has nothing to follow', async () => {
    writePurchaseRecord(record({}));
    const f = funnel();
    const { api, calls } = scriptedApi({});
    const gateway = scriptedGateway({});
    const outcome = await purchase(
      { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock(), claims: tab('a') },
      { plan: PLAN, durable: { account: ACCOUNT, checkoutPath: '/checkout' }, resumeOnly: true },
    );
    expect(outcome).toEqual({ status: 'none' });
    expect(readPurchaseRecord(ACCOUNT)).toBeUndefined();
    expect(gateway.createPaymentMethod).not.toHaveBeenCalled();
    expect(calls.posts).toEqual([]);
  });

  it('sent (a payment method and a polling id): resumed by polling, never posted again', async () => {
    writePurchaseRecord(record({ paymentMethodId: 'pm_1', pollingId: 'poll-9' }));
    const f = funnel();
    const { api, calls } = scriptedApi({ polls: [paid('sub_9')] });
    const outcome = await purchase(
      { api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock(), claims: tab('a') },
      { plan: PLAN, durable: { account: ACCOUNT, checkoutPath: '/checkout' }, resumeOnly: true },
    );
    expect(outcome).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_9' });
    expect(calls.posts).toEqual([]);
    expect(calls.polls).toEqual(['poll-9']);
  });
});

describe('the processing page of a claimed purchase', () => {
  it('comes once the claim is held and the card is being tokenised, not in the tap; never for a claim held elsewhere', async () => {
    // the browser grants a lock in a task of its own
    const locks = new (class extends FakeLocks {
      override async request(...args: Parameters<FakeLocks['request']>): Promise<unknown> {
        await new Promise((resolve) => setTimeout(resolve, 0));
        return super.request(...args);
      }
    })();
    const f = funnel();
    const order: string[] = [];
    const { api } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_1')] });
    const gateway = scriptedGateway({});
    gateway.createPaymentMethod.mockImplementation(async () => {
      order.push(`tokenise (loader ${f.store.loader.show ? 'on' : 'off'})`);
      return { id: 'pm_1' };
    });
    const onUnderWay = (): void => void order.push(`under way (loader ${f.store.loader.show ? 'on' : 'off'})`);
    const deps = { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock(), onUnderWay };
    const running = purchase({ ...deps, claims: tab('a', { locks }) }, { plan: PLAN, durable: { account: ACCOUNT, checkoutPath: '/checkout' } });
    // the tap's own task: the claim is asked for, nothing is shown yet
    expect(f.store.loader.show).toBe(false);
    expect(order).toEqual([]);
    expect(await running).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_1' });
    expect(order).toEqual(['tokenise (loader off)', 'under way (loader on)']);
    expect(f.store.loader.show).toBe(false);

    // another tab holds the claim: nothing is shown, nothing is sent
    const held = deferred();
    const other = runClaimed(ACCOUNT, () => held.promise, tab('b', { locks }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    order.length = 0;
    const refused = await purchase({ ...deps, claims: tab('a', { locks }) }, { plan: PLAN, durable: { account: ACCOUNT, checkoutPath: '/checkout' } });
    expect(refused).toEqual({ status: 'elsewhere' });
    expect(order).toEqual([]);
    expect(f.store.loader.show).toBe(false);
    held.resolve();
    await other;
  });

  it('a purchase without an account (the upsell) shows it at once', async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_2')] });
    let shown = 0;
    const running = purchase(
      { api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock(), onUnderWay: () => void shown++ },
      { plan: PLAN },
    );
    expect(f.store.loader.show).toBe(true);
    expect(shown).toBe(1);
    await running;
    expect(shown).toBe(1);
  });
});
