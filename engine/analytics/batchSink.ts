/**
 * A Segment-format HTTP batch destination (`POST {batch: [...], sentAt}`): events are batched (by
 * count, size and a short timer), retried with exponential back-off when the collector fails, kept
 * in a bounded queue (the oldest are dropped first), and sent with sendBeacon when the page is
 * hidden or left, so a visitor closing the tab does not lose them. A batch whose request is still
 * under way then goes by beacon too, since leaving the page cancels the request: delivery is at least
 * once, and the collector keeps one copy per messageId (as Segment does).
 */
import type { AnalyticsEvent } from '../core/analytics.ts';
import { beaconRequest, fetchRequest, type BatchTarget } from './batchApi.ts';
import { toSegmentMessage, type SegmentMessage } from './segment.ts';
import type { SegmentConsent } from './segmentConsent.ts';

export interface BatchSettings extends BatchTarget {
  /** Send when this many messages wait (default 20). */
  flushAt?: number;
  /** Send this long after the first waiting message (default 1000 ms). */
  flushIntervalMs?: number;
  /** Most messages kept while the collector cannot be reached (default 500). */
  maxQueue?: number;
  /** Largest body in bytes (default 60 KiB, under sendBeacon's 64 KiB). */
  maxBatchBytes?: number;
  /** First retry delay, doubled per failure up to 30 s (default 1000 ms). */
  retryBaseMs?: number;
}

export interface BatchEnv {
  fetch: typeof fetch;
  sendBeacon?: (url: string, body: Blob) => boolean;
  setTimeout: (fn: () => void, ms: number) => unknown;
  now: () => number;
  /** Registers the page-hide handler (visibilitychange to hidden, pagehide). */
  onHide?: (fn: () => void) => void;
  report?: (call: unknown) => void;
  /** The visitor's IANA time zone, Segment's `context.timezone`. */
  timezone?: string;
  /** The visitor's consent now, Segment's `context.consent` of each message made. */
  consent?: () => SegmentConsent;
}

export const MAX_RETRY_DELAY_MS = 30_000;
/** A collector that does not answer within this is treated as failed (the batch is retried). */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface BatchSink {
  send(event: AnalyticsEvent): void;
  /** Sends what waits now (by fetch). */
  flush(): Promise<void>;
  /** Sends what waits by beacon (page hide). */
  flushByBeacon(): void;
  /** Messages waiting (tests, inspector). */
  pending(): number;
}

/** Splits messages into batches under the byte limit (a single message over it is dropped). */
function takeBatch(queue: SegmentMessage[], flushAt: number, maxBytes: number): SegmentMessage[] {
  const batch: SegmentMessage[] = [];
  let bytes = 40;
  while (queue.length && batch.length < flushAt) {
    const size = JSON.stringify(queue[0]).length + 1;
    if (size + 40 > maxBytes) {
      queue.shift();
      continue;
    }
    if (bytes + size > maxBytes) break;
    bytes += size;
    batch.push(queue.shift()!);
  }
  return batch;
}

export function createBatchSink(settings: BatchSettings, env: BatchEnv): BatchSink {
  const flushAt = settings.flushAt ?? 20;
  const interval = settings.flushIntervalMs ?? 1000;
  const maxQueue = settings.maxQueue ?? 500;
  const maxBytes = settings.maxBatchBytes ?? 60 * 1024;
  const retryBase = settings.retryBaseMs ?? 1000;
  const queue: SegmentMessage[] = [];
  let timer = false;
  /** The batch whose request is under way; `beaconed` once page hide has sent it by beacon as well. */
  let inFlight: { batch: SegmentMessage[]; beaconed: boolean } | undefined;
  let failures = 0;

  const payload = (batch: SegmentMessage[]) => ({ batch, sentAt: new Date(env.now()).toISOString() });
  const schedule = (ms: number): void => {
    if (timer) return;
    timer = true;
    env.setTimeout(() => {
      timer = false;
      void flush();
    }, ms);
  };
  async function flush(): Promise<void> {
    if (inFlight || !queue.length) return;
    const batch = takeBatch(queue, flushAt, maxBytes);
    if (!batch.length) return;
    const sending = { batch, beaconed: false };
    inFlight = sending;
    let ok: boolean;
    try {
      // no keepalive here: the browser's keepalive budget (64 KiB in flight) is shared with other
      // reporters and a refusal would look like a network failure; page hide uses sendBeacon instead
      const signal = typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal ? AbortSignal.timeout(REQUEST_TIMEOUT_MS) : undefined;
      const request = fetchRequest(settings, payload(batch));
      const res = await env.fetch(request.url, { method: 'POST', body: request.body, headers: request.headers, signal });
      // a 4xx other than 429 will not get better: drop the batch instead of retrying it forever
      ok = res.ok || (res.status >= 400 && res.status < 500 && res.status !== 429);
    } catch {
      ok = false;
    }
    inFlight = undefined;
    if (ok || sending.beaconed) {
      failures = 0;
      env.report?.({ batch: batch.length, via: 'fetch' });
      if (queue.length) schedule(queue.length >= flushAt ? 0 : interval);
      return;
    }
    queue.unshift(...batch);
    while (queue.length > maxQueue) queue.shift();
    failures += 1;
    schedule(Math.min(retryBase * 2 ** (failures - 1), MAX_RETRY_DELAY_MS));
  }
  const beacon = (batch: SegmentMessage[]): boolean => {
    const request = beaconRequest(settings, payload(batch));
    return !!env.sendBeacon?.(request.url, new Blob([request.body], { type: request.type }));
  };
  function flushByBeacon(): void {
    if (inFlight && !inFlight.beaconed && beacon(inFlight.batch)) {
      inFlight.beaconed = true;
      env.report?.({ batch: inFlight.batch.length, via: 'beacon' });
    }
    while (queue.length && env.sendBeacon) {
      const batch = takeBatch(queue, flushAt, maxBytes);
      if (!batch.length) break;
      if (!beacon(batch)) {
        queue.unshift(...batch);
        break;
      }
      env.report?.({ batch: batch.length, via: 'beacon' });
    }
  }
  env.onHide?.(flushByBeacon);
  return {
    send(event) {
      queue.push(toSegmentMessage(event, env.timezone, env.consent?.()));
      while (queue.length > maxQueue) queue.shift();
      if (failures) return; // the retry timer is running
      if (queue.length >= flushAt) void flush();
      else schedule(interval);
    },
    flush,
    flushByBeacon,
    pending: () => queue.length,
  };
}
