/** The Segment-format batch destination: batching, back-off, the bounded queue and page-hide beacons. */
import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../../engine/index.ts';
import { createBatchSink, MAX_RETRY_DELAY_MS, type BatchEnv } from '../../engine/analytics/batchSink.ts';

const event = (n: number): AnalyticsEvent => ({ kind: 'track', name: `e${n}`, props: { n }, userUuid: 'v', at: 0 });

/** A fake clock and network: timers run when the test says, fetch answers what the test queued. */
function harness(statuses: Array<number | 'offline'> = []) {
  const timers: Array<{ fn: () => void; ms: number }> = [];
  /** The batches the collector accepted. */
  const posts: Array<{ batch: Array<{ event: string }> }> = [];
  const beacons: Array<{ batch: Array<{ event: string }> }> = [];
  let hide: () => void = () => {};
  const env: BatchEnv = {
    fetch: (async (_url: string, init: RequestInit) => {
      const status = statuses.shift() ?? 200;
      if (status === 'offline') throw new TypeError('Failed to fetch');
      if (status < 300) posts.push(JSON.parse(init.body as string));
      return { ok: status < 300, status } as Response;
    }) as typeof fetch,
    sendBeacon: (_url, body) => {
      void body.text().then((t) => beacons.push(JSON.parse(t)));
      return true;
    },
    setTimeout: (fn, ms) => void timers.push({ fn, ms }),
    now: () => 0,
    onHide: (fn) => (hide = fn),
  };
  const runTimers = async (): Promise<number[]> => {
    const due = timers.splice(0);
    due.forEach((t) => t.fn());
    await new Promise((r) => setTimeout(r, 0));
    return due.map((t) => t.ms);
  };
  return { env, timers, posts, beacons, runTimers, hide: () => hide() };
}

describe('Segment batch destination', () => {
  it('sends events in one Segment batch after the interval, and at once when flushAt are waiting', async () => {
    const h = harness();
    const sink = createBatchSink({ url: '/c', flushAt: 3, flushIntervalMs: 500 }, h.env);
    sink.send(event(1));
    sink.send(event(2));
    expect(h.timers.map((t) => t.ms)).toEqual([500]);
    await h.runTimers();
    expect(h.posts).toHaveLength(1);
    expect(h.posts[0]!.batch.map((m) => m.event)).toEqual(['e1', 'e2']);
    expect(h.posts[0]).toHaveProperty('sentAt');
    for (let n = 3; n <= 5; n++) sink.send(event(n));
    await new Promise((r) => setTimeout(r, 0));
    expect(h.posts[1]!.batch.map((m) => m.event)).toEqual(['e3', 'e4', 'e5']);
  });

  it('retries a failed batch with exponential back-off up to 30 s, in order, without losing events', async () => {
    const h = harness([500, 'offline', 429, 503, 500, 500, 500, 500, 200]);
    const sink = createBatchSink({ url: '/c', flushIntervalMs: 100, retryBaseMs: 1000 }, h.env);
    sink.send(event(1));
    const delays: number[] = [];
    for (let k = 0; k < 9; k++) delays.push(...(await h.runTimers()));
    expect(delays).toEqual([100, 1000, 2000, 4000, 8000, 16000, MAX_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS]);
    expect(h.posts).toHaveLength(1);
    expect(h.posts[0]!.batch.map((m) => m.event)).toEqual(['e1']);
    expect(sink.pending()).toBe(0);
  });

  it('drops a batch the collector refuses with a 4xx other than 429 (it would never pass)', async () => {
    const h = harness([400]);
    const sink = createBatchSink({ url: '/c', flushIntervalMs: 100 }, h.env);
    sink.send(event(1));
    await h.runTimers();
    expect(sink.pending()).toBe(0);
    expect(h.timers).toEqual([]);
  });

  it('keeps at most maxQueue events while the collector is down, dropping the oldest', async () => {
    const h = harness(['offline']);
    const sink = createBatchSink({ url: '/c', flushAt: 5, maxQueue: 10, flushIntervalMs: 100 }, h.env);
    sink.send(event(0));
    await h.runTimers(); // fails: the retry timer runs from now on
    for (let n = 1; n <= 30; n++) sink.send(event(n));
    expect(sink.pending()).toBe(10);
    await h.runTimers();
    expect(h.posts[0]!.batch.map((m) => m.event)).toEqual(['e21', 'e22', 'e23', 'e24', 'e25']);
  });

  it('splits by size and sends what waits by sendBeacon when the page is hidden', async () => {
    const h = harness();
    const sink = createBatchSink({ url: '/c', flushAt: 100, maxBatchBytes: 700, flushIntervalMs: 10_000 }, h.env);
    for (let n = 1; n <= 6; n++) sink.send(event(n));
    h.hide();
    await new Promise((r) => setTimeout(r, 10));
    expect(sink.pending()).toBe(0);
    expect(h.beacons.length).toBeGreaterThan(1);
    expect(h.beacons.flatMap((b) => b.batch.map((m) => m.event))).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
    for (const b of h.beacons) expect(JSON.stringify(b).length).toBeLessThanOrEqual(700);
  });

  it('sends the batch whose request is under way by beacon as well when the page is left, and does not send it a third time', async () => {
    const h = harness();
    let fail: (e: Error) => void = () => {};
    h.env.fetch = (() => new Promise((_resolve, reject) => (fail = reject))) as typeof fetch;
    const sink = createBatchSink({ url: '/c', flushAt: 2, flushIntervalMs: 10_000 }, h.env);
    sink.send(event(1));
    sink.send(event(2)); // flushAt: the request starts and hangs
    sink.send(event(3));
    h.hide(); // leaving the page cancels the request
    await new Promise((r) => setTimeout(r, 10));
    expect(h.beacons.flatMap((b) => b.batch.map((m) => m.event))).toEqual(['e1', 'e2', 'e3']);
    fail(new TypeError('Failed to fetch'));
    await new Promise((r) => setTimeout(r, 10));
    expect(sink.pending()).toBe(0);
    expect(h.timers.map((t) => t.ms)).toEqual([10_000]); // the batch timer of e3, no retry of what the beacon carried
  });
});
