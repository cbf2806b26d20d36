/**
 * Bounded result polling (DESIGN.md section 7, a deliberate deviation from the spec's "repeat without
 * delay while 202"): honour Retry-After, otherwise back off from 250 ms doubling up to 4 s, give up
 * after 90 s, and stop at once when the screen unmounts (AbortSignal).
 */
import type { PollAnswer, ResultData } from './subscriptionApi.ts';

export interface PollLimits {
  /** Give up after this long (ms since the first poll). */
  deadlineMs: number;
  /** The first wait when the server sends no Retry-After. */
  firstDelayMs: number;
  /** No wait is longer than this, Retry-After included. */
  maxDelayMs: number;
}

export const POLL_LIMITS: PollLimits = { deadlineMs: 90_000, firstDelayMs: 250, maxDelayMs: 4000 };

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

/** The server kept answering 202 past the deadline. */
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

/**
 * Polls until the result is final.
 * @param getResult one poll (call 4)
 * @throws AbortedError when aborted, PollTimeoutError past the deadline, or what getResult throws
 * @example const result = await pollResult((s) => api.getPollingResult(id, s), realClock, signal)
 */
export async function pollResult(
  getResult: (signal?: AbortSignal) => Promise<PollAnswer>,
  clock: Clock,
  signal?: AbortSignal,
  limits: PollLimits = POLL_LIMITS,
): Promise<ResultData> {
  const started = clock.now();
  let backoff = limits.firstDelayMs;
  for (;;) {
    if (signal?.aborted) throw new AbortedError();
    let answer: PollAnswer;
    try {
      answer = await getResult(signal);
    } catch (error) {
      if (signal?.aborted) throw new AbortedError();
      throw error;
    }
    if (!answer.pending) return answer.result;
    const waited = clock.now() - started;
    const wait = Math.min(answer.retryAfterMs ?? backoff, limits.maxDelayMs);
    if (waited + wait > limits.deadlineMs) throw new PollTimeoutError(waited);
    if (answer.retryAfterMs === undefined) backoff = Math.min(backoff * 2, limits.maxDelayMs);
    await clock.sleep(wait, signal);
  }
}
