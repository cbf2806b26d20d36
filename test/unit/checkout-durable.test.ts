/**
 * Durable, honest purchases: the polling survives network errors, 5xx and 429 until the deadline,
 * never asks faster than every 500 ms, and a purchase is recorded before the subscription call so a
 * reload resumes it with the same idempotency key and fb_event_id instead of charging again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { purchase, purchaseEnded, startsWithClaim } from '../../engine/payments/index.ts';
import { failureTextKey, isOpenFailure } from '../../engine/payments/index.ts';
import { pollResult } from '../../engine/payments/index.ts';
import {
  clearPurchaseRecord,
  onPurchaseRecordChange,
  parseRecord,
  PURCHASE_RECORD_KEY,
  readPurchaseRecord,
  updatePurchaseRecord,
  writePurchaseRecord,
  type PurchaseRecord,
} from '../../engine/payments/index.ts';
import { PaymentApiError } from '../../engine/payments/index.ts';
import { asPoll, done, funnel, openRecord, paid, pending, scriptedApi, scriptedGateway, virtualClock } from './checkout-fakes.ts';
import { MemoryStorage } from './memoryStorage.ts';

const PLAN = 'gz-3-month-fox';
const EMAIL = 'ada@example.com';
const offline = (): PaymentApiError => new PaymentApiError(0, []);
const durable = { account: EMAIL, checkoutPath: '/checkout' };

let local: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
});
afterEach(() => {
  clearPurchaseRecord();
  vi.unstubAllGlobals();
});

describe('polling: only a decline is final', () => {
  it('a poll that fails on the network is retried, and the purchase still succeeds', async () => {
    const f = funnel();
    const clock = virtualClock();
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [pending(1000), offline(), paid('sub_7')] });
    const outcome = await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock }, { plan: PLAN });
    expect(outcome).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_7' });
    expect(calls.polls).toEqual(['poll-1', 'poll-1', 'poll-1']);
    expect(f.names()).toEqual(['Order Completed']);
  });

  it('retries 5xx and 429 answers of the poll with back-off', async () => {
    const clock = virtualClock();
    const polls = [new PaymentApiError(503, []), new PaymentApiError(500, ['boom']), new PaymentApiError(429, []), paid()];
    const result = await pollResult(async () => {
      const next = polls.shift()!;
      if (next instanceof Error) throw next;
      return asPoll(next);
    }, clock);
    expect(result.subscriptionId).toBe('sub_1');
    expect(clock.waits).toEqual([500, 1000, 2000]);
  });

  it('Retry-After: 0 on every 202 still leaves at least 500 ms between polls, and stops by the deadline', async () => {
    const clock = virtualClock();
    let polls = 0;
    const started = clock.now();
    await expect(
      pollResult(async () => {
        polls++;
        return asPoll(pending(0));
      }, clock),
    ).rejects.toThrow(/No payment result/);
    expect(Math.min(...clock.waits)).toBeGreaterThanOrEqual(500);
    expect(clock.now() - started).toBeLessThanOrEqual(90_000);
    expect(polls).toBeLessThanOrEqual(181); // 90 s / 500 ms, not thousands
  });

  it('a refusal that is not transient (404 unknown job) ends the polling at once', async () => {
    const clock = virtualClock();
    await expect(
      pollResult(async () => {
        throw new PaymentApiError(404, ['No such polling result']);
      }, clock),
    ).rejects.toMatchObject({ status: 404 });
    expect(clock.waits).toEqual([]);
  });

  it('past the deadline: the give-up text says it may still complete; the purchase stays open', async () => {
    const f = funnel();
    const clock = virtualClock();
    const { api } = scriptedApi({ posts: ['p'], polls: Array.from({ length: 200 }, () => offline()) });
    const outcome = await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock }, { plan: PLAN, durable });
    expect(outcome.status).toBe('failed');
    if (outcome.status !== 'failed') return;
    expect(outcome.failure.kind).toBe('pending');
    expect(failureTextKey(outcome.failure)).toBe('checkout.errors.timeout');
    expect(isOpenFailure(outcome.failure)).toBe(true);
    expect(clock.time()).toBeGreaterThan(80_000);
    expect(clock.time()).toBeLessThanOrEqual(90_000);
    expect(readPurchaseRecord(EMAIL)).toMatchObject({ status: 'processing', pollingId: 'p' });
  });
});

describe('failures by cause', () => {
  const failed = async (error: PaymentApiError) => {
    const f = funnel();
    const { api } = scriptedApi({ posts: [error] });
    const outcome = await purchase(
      { api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() },
      { plan: PLAN, durable },
    );
    if (outcome.status !== 'failed') throw new Error(`expected a failure, got ${outcome.status}`);
    return outcome.failure;
  };

  it('a 429 on the purchase asks to wait a moment, never to try another card, and keeps the purchase', async () => {
    const failure = await failed(new PaymentApiError(429, ['Too many requests']));
    expect(failure.kind).toBe('rateLimit');
    expect(failureTextKey(failure)).toBe('checkout.errors.rateLimit');
    expect(readPurchaseRecord(EMAIL)?.status).toBe('processing');
  });

  it('no answer names the connection; a 5xx names our server; both keep the purchase open', async () => {
    expect(failureTextKey(await failed(offline()))).toBe('checkout.errors.network');
    expect(readPurchaseRecord(EMAIL)?.status).toBe('processing');
    clearPurchaseRecord();
    expect(failureTextKey(await failed(new PaymentApiError(502, [])))).toBe('checkout.errors.server');
  });

  it('a decline names the card problem and ends the purchase (the next try is a new one)', async () => {
    const f = funnel();
    const { api } = scriptedApi({
      posts: ['p'],
      polls: [done({ status: 'failed', errors: { messages: ['Your card has insufficient funds.'] }, decline_code: 'insufficient_funds' })],
    });
    const outcome = await purchase(
      { api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() },
      { plan: PLAN, durable },
    );
    expect(outcome).toMatchObject({ status: 'failed', failure: { kind: 'decline' } });
    if (outcome.status === 'failed') expect(failureTextKey(outcome.failure)).toBe('checkout.decline.insufficientFunds');
    expect(readPurchaseRecord(EMAIL)).toBeUndefined();
  });
});

describe('the durable purchase record', () => {
  it('is written before the subscription call, with the plan, key, event id and start time', async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_1')] });
    let atPost: PurchaseRecord | undefined;
    vi.mocked(api.postSubscription).mockImplementationOnce(async () => {
      atPost = readPurchaseRecord(EMAIL);
      return 'poll-1';
    });
    await purchase(
      {
        api,
        gateway: scriptedGateway({ created: [{ id: 'pm_9' }] }),
        store: f.store,
        analytics: f.analytics,
        clock: virtualClock(),
        newEventId: () => 'evt-1',
      },
      { plan: PLAN, durable },
    );
    expect(atPost).toMatchObject({
      account: EMAIL,
      plan: PLAN,
      fbEventId: 'evt-1',
      paymentMethodId: 'pm_9',
      pollingId: '',
      status: 'processing',
      startedAt: 0,
    });
    expect(atPost!.idempotencyKey).toMatch(/\S{8,}/);
    expect(readPurchaseRecord(EMAIL)).toMatchObject({ status: 'succeeded', pollingId: 'poll-1', result: { subscriptionId: 'sub_1' } });
  });

  it('after a reload, resumes the open purchase: polls the same id, no new payment method, no new post', async () => {
    const first = funnel();
    const lost = scriptedApi({ posts: ['poll-1'], polls: [pending(1000)] });
    const controller = new AbortController();
    const clock = virtualClock();
    const sleep = clock.sleep;
    clock.sleep = async (ms, signal) => {
      controller.abort(); // the page goes away while processing
      return sleep(ms, signal);
    };
    const aborted = await purchase(
      {
        api: lost.api,
        gateway: scriptedGateway({}),
        store: first.store,
        analytics: first.analytics,
        clock,
        signal: controller.signal,
        newEventId: () => 'evt-1',
      },
      { plan: PLAN, durable },
    );
    expect(aborted.status).toBe('aborted');
    const record = readPurchaseRecord(EMAIL)!;
    expect(record).toMatchObject({ status: 'processing', pollingId: 'poll-1' });

    const reloaded = funnel();
    const api = scriptedApi({ polls: [pending(1000), paid('sub_1')] });
    const gateway = scriptedGateway({});
    const outcome = await purchase(
      { api: api.api, gateway, store: reloaded.store, analytics: reloaded.analytics, clock: virtualClock(), newEventId: () => 'evt-2' },
      { plan: 'gz-1-month-tiger', durable },
    );
    expect(outcome).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_1' });
    expect(api.calls.posts).toEqual([]);
    expect(api.calls.polls).toEqual(['poll-1', 'poll-1']);
    expect(gateway.createPaymentMethod).not.toHaveBeenCalled();
    expect(reloaded.events.find((e) => e.name === 'Order Completed')?.props.event_id).toBe('evt-1');
  });

  it('Back during the subscription call: the answer is recorded, and the screen that takes over waits for it and polls it (one post)', async () => {
    const f = funnel();
    const controller = new AbortController();
    let answer!: (pollingId: string) => void;
    const first = scriptedApi({});
    first.api.postSubscription = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const deps = { gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() };
    const leaving = purchase({ ...deps, api: first.api, signal: controller.signal, newEventId: () => 'evt-1' }, { plan: PLAN, durable });
    await vi.waitFor(() => expect(first.api.postSubscription).toHaveBeenCalledTimes(1));
    // the visitor presses Back: the screen unmounts while the call is under way, and the checkout opens again
    controller.abort();
    const second = scriptedApi({ polls: [paid('sub_9')] });
    const takingOver = purchaseEnded(f.store).then(() => purchase({ ...deps, api: second.api }, { plan: PLAN, durable }));
    answer('poll-1');
    expect((await leaving).status).toBe('aborted');
    expect(await takingOver).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_9' });
    expect(readPurchaseRecord(EMAIL)).toMatchObject({ status: 'succeeded', pollingId: 'poll-1', fbEventId: 'evt-1' });
    expect(second.calls.posts).toEqual([]);
    expect(second.calls.polls).toEqual(['poll-1']);
    expect(f.names()).toEqual(['Order Completed']);
  });

  it('purchaseEnded resolves at once when no purchase runs', async () => {
    await expect(purchaseEnded(funnel().store)).resolves.toBeUndefined();
  });

  it('a retry of a purchase whose post got no answer sends the same key, event id and body again', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({ posts: [offline(), 'poll-1'], polls: [paid()] });
    const deps = {
      api,
      gateway: scriptedGateway({ created: [{ id: 'pm_1' }, { id: 'pm_2' }] }),
      store: f.store,
      analytics: f.analytics,
      clock: virtualClock(),
    };
    let n = 0;
    const newEventId = () => `evt-${++n}`;
    expect((await purchase({ ...deps, newEventId }, { plan: PLAN, durable })).status).toBe('failed');
    expect((await purchase({ ...deps, newEventId }, { plan: PLAN, durable })).status).toBe('succeeded');
    const keys = vi.mocked(api.postSubscription).mock.calls.map((c) => c[0].idempotencyKey);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(calls.posts[1]!.body).toEqual(calls.posts[0]!.body);
    expect(calls.posts[1]!.body.fb_event_id).toBe('evt-1');
    expect(deps.gateway.createPaymentMethod).toHaveBeenCalledTimes(1);
  });

  it('a succeeded purchase answers its result without charging again', async () => {
    writePurchaseRecord({
      account: EMAIL,
      plan: PLAN,
      idempotencyKey: 'k',
      fbEventId: 'e',
      paymentMethodId: 'pm_1',
      pollingId: 'p',
      startedAt: 1,
      status: 'succeeded',
      checkoutPath: '/checkout',
      successPath: '/checkout/success',
      result: { subscriptionId: 'sub_1', finalPrice: 59.88, regularPrice: 59.88 },
    });
    const f = funnel();
    const { api, calls } = scriptedApi({});
    const outcome = await purchase(
      { api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() },
      { plan: 'gz-1-month-tiger', durable },
    );
    expect(outcome).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_1' });
    expect(calls.posts).toEqual([]);
    expect(f.store.checkout).toMatchObject({ id: 'sub_1', isSuccess: true });
  });

  it("tells this tab's listeners of a purchase begun, paid or dropped in the microtask after, and of its details in a task after them", async () => {
    const told: string[] = [];
    const seen = (): string => {
      const record = readPurchaseRecord(EMAIL);
      return record ? `${record.status}:${record.pollingId}` : 'none';
    };
    const stop = onPurchaseRecordChange(() => told.push(seen()));
    writePurchaseRecord(openRecord(EMAIL, PLAN));
    // the code that wrote it goes on first (a purchase's call leaves), then the screens are told, before any task
    expect(told).toEqual([]);
    await Promise.resolve();
    expect(told).toEqual(['processing:']);
    updatePurchaseRecord(EMAIL, { paymentMethodId: 'pm_1' });
    updatePurchaseRecord(EMAIL, { pollingId: 'poll_1' });
    // the call that follows a detail is built in the microtasks after it: the screens are told later, once
    await Promise.resolve();
    await Promise.resolve();
    expect(told).toEqual(['processing:']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(told).toEqual(['processing:', 'processing:poll_1']);
    updatePurchaseRecord(EMAIL, { status: 'succeeded', result: { subscriptionId: 'sub_1', finalPrice: 59.88, regularPrice: 59.88 } });
    await Promise.resolve();
    expect(told).toEqual(['processing:', 'processing:poll_1', 'succeeded:poll_1']);
    clearPurchaseRecord();
    await Promise.resolve();
    expect(told).toEqual(['processing:', 'processing:poll_1', 'succeeded:poll_1', 'none']);
    stop();
  });

  it("starts with the claim across tabs for an account's purchase, never for the upsell or without an account", () => {
    expect(startsWithClaim({ durable })).toBe(true);
    expect(startsWithClaim({ durable, upsell: true })).toBe(false);
    expect(startsWithClaim({})).toBe(false);
  });

  it('belongs to one account: another account does not see it', () => {
    writePurchaseRecord({
      account: 'user:7',
      plan: PLAN,
      idempotencyKey: 'k',
      fbEventId: 'e',
      paymentMethodId: 'pm',
      pollingId: '',
      startedAt: 1,
      status: 'processing',
      checkoutPath: '/checkout',
      successPath: '',
    });
    expect(readPurchaseRecord('user:7')).toBeDefined();
    expect(readPurchaseRecord('user:8')).toBeUndefined();
    expect(readPurchaseRecord('')).toBeUndefined();
  });

  it('ignores corrupt or partial records', () => {
    for (const raw of ['{oops', 'null', '[]', JSON.stringify({ account: EMAIL }), JSON.stringify({ account: EMAIL, plan: PLAN, status: 'succeeded' })]) {
      local.setItem(`${PURCHASE_RECORD_KEY}:${EMAIL}`, raw);
      expect(readPurchaseRecord(EMAIL)).toBeUndefined();
    }
    expect(parseRecord(undefined)).toBeUndefined();
  });

  it('a full or throwing storage does not break the purchase: the record lives in memory for the page', async () => {
    local.full = true;
    const f = funnel();
    const { api } = scriptedApi({ posts: [offline()] });
    expect(
      (await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN, durable })).status,
    ).toBe('failed');
    expect(readPurchaseRecord(EMAIL)?.status).toBe('processing');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    const g = funnel();
    const ok = scriptedApi({ posts: ['poll-1'], polls: [paid()] });
    expect(
      (await purchase({ api: ok.api, gateway: scriptedGateway({}), store: g.store, analytics: g.analytics, clock: virtualClock() }, { plan: PLAN, durable }))
        .status,
    ).toBe('succeeded');
  });
});
