/** Retry helpers for idempotent calls only: a POST is never retried blindly. */

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** Attempts in all, the first included. */
  tries: number;
  delayMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called once when every attempt failed, before the rejection. */
  onGiveUp?: (error: unknown) => void;
}

/**
 * Calls `fn` until it resolves or `tries` attempts failed, waiting `delayMs` between attempts.
 * @example await retry(() => api.getPaymentSettings(), { tries: 3, delayMs: 1000 })
 */
export async function retry<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  const wait = options.sleep ?? sleep;
  let lastError: unknown;
  for (let attempt = 1; attempt <= options.tries; attempt++) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (attempt < options.tries) await wait(options.delayMs);
    }
  }
  options.onGiveUp?.(lastError);
  throw lastError;
}

/** The payment-settings fetch: on failure 2 more tries, 1 s apart (spec section 4). */
export const PAYMENT_SETTINGS_RETRY = { tries: 3, delayMs: 1000 } as const;
/** The generic helper: 3 tries, 1 s apart, then reject and report the network type. */
export const GENERIC_RETRY = { tries: 3, delayMs: 1000 } as const;

/** The connection type the browser reports ("4g", "3g", "offline", or "unknown"). */
export function networkType(nav: Navigator | undefined = typeof navigator !== 'undefined' ? navigator : undefined): string {
  if (!nav) return 'unknown';
  if (nav.onLine === false) return 'offline';
  const connection = (nav as Navigator & { connection?: { effectiveType?: string } }).connection;
  return connection?.effectiveType ?? 'unknown';
}

/** What the generic retry reports when every try failed: the last error and the connection type. */
export interface RetryFailure {
  error: unknown;
  /** networkType() when it gave up: "offline", "3g", "4g" or "unknown". */
  network: string;
}

/**
 * The generic retry of spec section 4: 3 tries, 1 s apart, then it reports the network type (with the
 * last error) and rejects with that error.
 * @example await genericRetry(loadChunk, (f) => reportError(f.error, 'chunk-load'))
 */
export function genericRetry<T>(
  fn: () => Promise<T>,
  report: (failure: RetryFailure) => void,
  options: { sleep?: (ms: number) => Promise<void>; navigator?: Navigator } = {},
): Promise<T> {
  const nav = 'navigator' in options ? options.navigator : typeof navigator !== 'undefined' ? navigator : undefined;
  return retry(fn, { ...GENERIC_RETRY, sleep: options.sleep, onGiveUp: (error) => report({ error, network: networkType(nav) }) });
}
