/**
 * Bounded result polling (DESIGN.md section 7, a deliberate deviation from the spec's "repeat without
 * delay while 202"): honour Retry-After but never ask more than once per 500 ms, otherwise back off
 * from 500 ms doubling up to 4 s, retry a poll that failed on the network, with a 5xx or a 429 (the
 * payment may well have gone through), give up after 90 s, and stop at once when the screen unmounts.
 */
import { PaymentApiError } from './subscriptionApi.ts';
import type { PollAnswer, SubscriptionResult } from './backend.ts';

export interface PollLimits {
  /** Give up after this long (ms since the first poll). */
  deadlineMs: number;
  /** The first wait when the server sends no Retry-After. */
  firstDelayMs: number;
  /** No wait is longer than this, Retry-After included. */
  maxDelayMs: number;
  /** No wait is shorter than this, whatever Retry-After says (`Retry-After: 0` must not become a storm). */
  minDelayMs: number;
}

export const POLL_LIMITS: PollLimits = { deadlineMs: 90_000, firstDelayMs: 500, maxDelayMs: 4000, minDelayMs: 500 };

/** The clock the poller runs on (injected in tests). */
export interface Clock {
  now: () => number;
  /** Resolves after ms, or rejects with AbortedError as soon as the signal aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The purchase was abandoned (the screen unmounted): nothing is shown. */
export class AbortedError extends Error {
  constructor() {
    super('The purchase was abandoned');
    this.name = 'AbortedError';
  }
}

/** No final answer before the deadline: the payment may still complete. */
export class PollTimeoutError extends Error {
  constructor(readonly waitedMs: number) {
    super(`No payment result after ${Math.round(waitedMs / 1000)} s`);
    this.name = 'PollTimeoutError';
  }
}

/** The real clock: Date.now and an abortable setTimeout. */
export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new AbortedError());
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(new AbortedError());
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** A failure worth asking again for: no answer at all, a server error or a rate limit. */
export function isTransient(error: unknown): boolean {
  return error instanceof PaymentApiError && (error.status === 0 || error.status >= 500 || error.status === 429);
}

/**
 * Polls until the result is final.
 * @param getResult one poll (call 4)
 * @throws AbortedError when aborted, PollTimeoutError past the deadline, or a non-transient error of getResult
 * @example const result = await pollResult((s) => api.getPollingResult(id, s), realClock, signal)
 */
export async function pollResult(
  getResult: (signal?: AbortSignal) => Promise<PollAnswer>,
  clock: Clock,
  signal?: AbortSignal,
  limits: PollLimits = POLL_LIMITS,
): Promise<SubscriptionResult> {
  const started = clock.now();
  let backoff = limits.firstDelayMs;
  const clamp = (ms: number): number => Math.min(Math.max(ms, limits.minDelayMs), limits.maxDelayMs);
  for (;;) {
    if (signal?.aborted) throw new AbortedError();
    let wait: number;
    try {
      const answer = await getResult(signal);
      if (!answer.pending) return answer.result;
      wait = clamp(answer.retryAfterMs ?? backoff);
      if (answer.retryAfterMs === undefined) backoff = Math.min(backoff * 2, limits.maxDelayMs);
    } catch (error) {
      if (signal?.aborted) throw new AbortedError();
      if (!isTransient(error)) throw error;
      wait = clamp(backoff);
      backoff = Math.min(backoff * 2, limits.maxDelayMs);
    }
    const waited = clock.now() - started;
    if (waited + wait > limits.deadlineMs) throw new PollTimeoutError(waited);
    await clock.sleep(wait, signal);
  }
}
