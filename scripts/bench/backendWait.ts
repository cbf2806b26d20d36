/**
 * How much of a tap the page spent waiting on the backend. A tap that sends a call (the signup, Pay)
 * cannot paint its next step before the answer is back: on the phone profile one call is at least
 * 150 ms, and Pay's result polling waits as long as the server's Retry-After says. The bench shows
 * that share beside the tap, and compares the rest (the funnel's own time) with the peer, which
 * calls nothing.
 */

/** A request the page made (Resource Timing), in the page's clock. */
export interface PageRequest {
  url: string;
  start: number;
  end: number;
}

/** The sandbox's API under the preview server: account, payments and the gateways' servers. */
export const BACKEND_CALL = /\/sandbox\/(webapi|portal|braintree|stripe)\//;

export interface BackendWait {
  /** From the first backend call leaving to the last answer arriving (0 when the tap called nothing). */
  ms: number;
  /** How many backend calls the tap made. */
  calls: number;
}

/**
 * The backend's share of the tap between `start` and `end`: the calls made and answered within it,
 * from the first one's start to the last one's end (the waits between polls included: they are the
 * server's to set).
 * @example backendWait(requests, 1200, 1480) // { ms: 162, calls: 1 }
 */
export function backendWait(requests: PageRequest[], start: number, end: number, pattern: RegExp = BACKEND_CALL): BackendWait {
  const calls = requests.filter((r) => pattern.test(r.url) && r.start >= start && r.end <= end);
  if (calls.length === 0) return { ms: 0, calls: 0 };
  const first = Math.min(...calls.map((r) => r.start));
  const last = Math.max(...calls.map((r) => r.end));
  return { ms: last - first, calls: calls.length };
}
