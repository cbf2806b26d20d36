/**
 * One purchase per account across the tabs of a browser: the claim (Web Locks, else a lease in local
 * storage read back after writing) is taken in the Pay tap, and the subscription call is made only
 * under it, so of two tabs pressing Pay at once only one posts; the other answers 'elsewhere' and
 * follows the record. The card is tokenised while the claim is asked for (tokenising charges nothing).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimName, claimReleased, connectClaims, LEASE_MS, leaseText, runClaimed, type ClaimEnv } from '../../engine/payments/index.ts';
import { clearPurchaseRecord, purchase, readPurchaseRecord, writePurchaseRecord, type PurchaseRecord } from '../../engine/payments/index.ts';
import { funnel, openRecord, paid, scriptedApi, scriptedGateway, virtualClock } from './checkout-fakes.ts';
import { MemoryStorage } from './memoryStorage.ts';
import { FakeLocks } from './fakeLocks.ts';

const ACCOUNT = 'user:42';
const PLAN = 'gz-3-month-fox';

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

  it('two tabs pressing Pay at once: one posts, the other answers "elsewhere" and posts nothing; the record exists before the subscription call', async () => {
    const locks = makeLocks();
    const [one, two] = [funnel(), funnel()];
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_1', 59.88, 59.88)] });
    const seenAtPost: Array<PurchaseRecord | undefined> = [];
    const post = api.postSubscription;
    api.postSubscription = vi.fn((request) => {
      seenAtPost.push(readPurchaseRecord(ACCOUNT));
      return post(request);
    });
    const slowGateway = (id: string) => {
      const gateway = scriptedGateway({ created: [{ id }] });
      gateway.createPaymentMethod.mockImplementation(async () => {
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
    // tab two may have tokenised its card while it asked for the claim (the lease takes a while to
    // be read back): that payment method is dropped unused
    expect(vi.mocked(api.postSubscription).mock.calls.map(([request]) => [request.plan, request.paymentMethod])).toEqual([[PLAN, 'pm_1']]);
    expect(seenAtPost).toEqual([expect.objectContaining({ plan: PLAN, paymentMethodId: 'pm_1', status: 'processing' })]);
    expect(calls.posts.map((p) => p.plan)).toEqual([PLAN]);
    expect(two.names()).toEqual([]);
  });
});

describe('the local-storage lease', () => {
  it('is read back after writing: of two tabs writing at once, the one whose lease stayed goes on', async () => {
    const a = tab('a', {
      // while tab a waits for its write to settle, tab b writes its own lease over it
      sleep: async () => {
        local.setItem(claimName(ACCOUNT), leaseText('b', 1));
      },
    });
    const work = vi.fn(async () => 'bought');
    expect(await runClaimed(ACCOUNT, work, a)).toEqual({ claimed: false });
    expect(work).not.toHaveBeenCalled();
  });

  it('a lease a dead tab left, seen as the checkout opens, stops blocking LEASE_MS later by this tab’s clock; the lease is removed at the end', async () => {
    local.setItem(claimName(ACCOUNT), leaseText('gone', 3));
    let time = 1000;
    const a = tab('a', { now: () => time });
    connectClaims(a);
    time += LEASE_MS - 1;
    expect(await runClaimed(ACCOUNT, async () => 'too soon', a)).toEqual({ claimed: false });
    time += 1;
    expect(await runClaimed(ACCOUNT, async () => 'ok', a)).toEqual({ claimed: true, value: 'ok' });
    expect(local.getItem(claimName(ACCOUNT))).toBeNull();
  });

  it('claimReleased stops waiting when its signal aborts', async () => {
    local.setItem(claimName(ACCOUNT), leaseText('other', 1));
    const controller = new AbortController();
    const waiting = claimReleased(ACCOUNT, controller.signal, tab('a', { sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 10))) }));
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
  });
});

describe('the card of a new purchase, tokenised in the Pay tap', () => {
  const durable = { account: ACCOUNT, checkoutPath: '/checkout' };
  /** A lock the browser grants in a task of its own, as Chromium does. */
  const grantedLater = () =>
    new (class extends FakeLocks {
      override async request(...args: Parameters<FakeLocks['request']>): Promise<unknown> {
        await new Promise((resolve) => setTimeout(resolve, 0));
        return super.request(...args);
      }
    })();

  it('leaves before the claim is held; the purchase is recorded under the claim and posted with that payment method', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_1')] });
    const gateway = scriptedGateway({ created: [{ id: 'pm_tap' }] });
    const running = purchase(
      { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock(), claims: tab('a', { locks: grantedLater() }) },
      { plan: PLAN, durable },
    );
    expect(gateway.createPaymentMethod).toHaveBeenCalledWith({ billingName: 'Ada Lovelace' });
    expect(readPurchaseRecord(ACCOUNT)).toBeUndefined(); // not claimed yet
    expect(await running).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_1' });
    expect(gateway.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(vi.mocked(api.postSubscription).mock.calls.map(([request]) => request.paymentMethod)).toEqual(['pm_tap']);
    expect(calls.polls).toEqual(['poll-1']);
  });

  it('a claim held elsewhere before anything was recorded: the payment method is dropped; nothing recorded, posted or shown', async () => {
    const locks = new FakeLocks();
    const held = deferred();
    const other = runClaimed(ACCOUNT, () => held.promise, tab('b', { locks }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const f = funnel();
    const { api, calls } = scriptedApi({});
    const gateway = scriptedGateway({});
    let shown = 0;
    const outcome = await purchase(
      { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock(), claims: tab('a', { locks }), onUnderWay: () => void shown++ },
      { plan: PLAN, durable },
    );
    expect(outcome).toEqual({ status: 'elsewhere' });
    expect(gateway.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(readPurchaseRecord(ACCOUNT)).toBeUndefined();
    expect(calls.posts).toEqual([]);
    expect(shown).toBe(0);
    expect(f.store.loader.show).toBe(false);
    expect(f.names()).toEqual([]);
    held.resolve();
    await other;
  });

  it("a tokenisation that fails is the purchase's failure, under the claim; the record is dropped", async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({});
    const gateway = scriptedGateway({ created: [{ error: { message: 'Your card number is incorrect.', code: 'incorrect_number' } }] });
    const outcome = await purchase(
      { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock(), claims: tab('a', { locks: grantedLater() }) },
      { plan: PLAN, durable },
    );
    expect(outcome).toMatchObject({ status: 'failed', failure: { kind: 'decline', message: 'Your card number is incorrect.' } });
    expect(calls.posts).toEqual([]);
    expect(readPurchaseRecord(ACCOUNT)).toBeUndefined();
  });

  it('not for an account with a purchase recorded: under the claim it goes on with the recorded payment method and key', async () => {
    writePurchaseRecord(openRecord(ACCOUNT, PLAN, { paymentMethodId: 'pm_recorded', idempotencyKey: 'key-1' }));
    const f = funnel();
    const { api } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_1')] });
    const gateway = scriptedGateway({});
    const outcome = await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock(), claims: tab('a') }, { plan: PLAN, durable });
    expect(outcome).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_1' });
    expect(gateway.createPaymentMethod).not.toHaveBeenCalled();
    expect(vi.mocked(api.postSubscription).mock.calls.map(([request]) => [request.paymentMethod, request.idempotencyKey])).toEqual([['pm_recorded', 'key-1']]);
  });

  it("not for a second Pay while this tab's purchase runs ('busy'), a resume, or a wallet's payment method", async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_1')] });
    const gateway = scriptedGateway({});
    const deps = { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock(), claims: tab('a', { locks: grantedLater() }) };
    const first = purchase(deps, { plan: PLAN, durable });
    expect(await purchase(deps, { plan: PLAN, durable })).toEqual({ status: 'busy' });
    await first;
    expect(gateway.createPaymentMethod).toHaveBeenCalledTimes(1);

    clearPurchaseRecord(ACCOUNT);
    expect(await purchase(deps, { plan: PLAN, durable, resumeOnly: true })).toEqual({ status: 'none' });
    const wallet = scriptedApi({ posts: ['poll-2'], polls: [paid('sub_2')] });
    const byWallet = await purchase({ ...deps, api: wallet.api }, { plan: PLAN, durable, paymentMethod: { id: 'pm_wallet' } });
    expect(byWallet).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_2' });
    expect(vi.mocked(wallet.api.postSubscription).mock.calls.map(([request]) => request.paymentMethod)).toEqual(['pm_wallet']);
    expect(gateway.createPaymentMethod).toHaveBeenCalledTimes(1);
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
  it('comes once the claim is held, not in the tap, where the card is tokenised; never for a claim held elsewhere', async () => {
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
    // the tap's own task: the card's tokenisation has left and the claim is asked for; nothing is shown yet
    expect(f.store.loader.show).toBe(false);
    expect(order).toEqual(['tokenise (loader off)']);
    expect(await running).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_1' });
    expect(order).toEqual(['tokenise (loader off)', 'under way (loader on)']);
    expect(f.store.loader.show).toBe(false);

    // another tab holds the claim (this account's purchase is recorded as paid, so nothing is tokenised
    // ahead either): nothing is shown, nothing is sent
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
