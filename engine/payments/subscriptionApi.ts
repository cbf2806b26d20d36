/**
 * What every backend adapter's payment calls share (./backend.ts): the one error a failed call
 * rejects with, and readers of the generic parts of an answer (a Retry-After header, a price).
 */

/**
 * A failed call: the HTTP status (0 when no answer came), the server's messages, if any, and for a
 * 429 the wait its Retry-After asked for.
 */
export class PaymentApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly retryAfterMs?: number,
  ) {
    super(messages.join(' ') || `Payment call failed (HTTP ${status})`);
    this.name = 'PaymentApiError';
  }
}

/** A Retry-After header in seconds (or an HTTP date) as milliseconds. */
export function retryAfterMs(header: unknown, now = Date.now()): number | undefined {
  if (typeof header !== 'string' || !header.trim()) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A price field as a number (a server may send "59.88"). */
export function priceOf(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}
