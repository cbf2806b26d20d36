/**
 * Sends one vendor request with bounded retries: a network error, a timeout, a 429 or a 5xx is tried
 * again after an exponential back-off (honouring Retry-After up to the cap), anything else is final.
 * What still fails is handed to the dead-letter sink with the reason, secrets removed.
 */
import type { VendorId, VendorRequest } from './vendorRequest.ts';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** The wait before the second try; doubled for each later one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long one try may take before it counts as a network failure. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8000, timeoutMs: 10_000 };

export interface DeliveryEnv {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

export type DeliveryResult = { ok: true; attempts: number; status: number } | { ok: false; attempts: number; status?: number; reason: string };

const retriable = (status: number): boolean => status === 429 || status >= 500;

/** Retry-After in ms (seconds or an HTTP date), undefined when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** Tries a request until it succeeds, fails for good or the tries run out. */
export async function deliver(request: VendorRequest, policy: RetryPolicy, env: DeliveryEnv): Promise<DeliveryResult> {
  let last: { status?: number; reason: string } = { reason: 'not sent' };
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    let wait: number | undefined;
    try {
      const res = await env.fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(policy.timeoutMs) });
      const text = await res.text().catch(() => '');
      if (res.ok) return { ok: true, attempts: attempt, status: res.status };
      last = { status: res.status, reason: `HTTP ${res.status}${text ? `: ${text.slice(0, 300)}` : ''}` };
      if (!retriable(res.status)) return { ok: false, attempts: attempt, ...last };
      wait = retryAfterMs(res.headers.get('retry-after'), Date.now());
    } catch (error) {
      last = { reason: `network: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (attempt < policy.maxAttempts) await env.sleep(Math.min(policy.maxDelayMs, wait ?? policy.baseDelayMs * 2 ** (attempt - 1)));
  }
  return { ok: false, attempts: policy.maxAttempts, ...last };
}

/** One line of the dead-letter file: what failed, why, and the request to send again (without secrets). */
export interface DeadLetter {
  at: string;
  vendor: VendorId;
  eventId: string;
  subscriptionId: string;
  attempts: number;
  status?: number;
  reason: string;
  request: { url: string; body: unknown };
}

export type DeadLetterSink = (entry: DeadLetter) => Promise<void>;

const SECRET_PARAMS = ['api_secret', 'access_token'];

/** The request as a dead letter keeps it: no api_secret or access_token, no Authorization header. */
export function withoutSecrets(request: VendorRequest): DeadLetter['request'] {
  const url = new URL(request.url);
  for (const name of SECRET_PARAMS) if (url.searchParams.has(name)) url.searchParams.set(name, 'REDACTED');
  let body: unknown = request.body;
  try {
    const parsed = JSON.parse(request.body) as Record<string, unknown>;
    for (const name of SECRET_PARAMS) if (Object.hasOwn(parsed, name)) parsed[name] = 'REDACTED';
    body = parsed;
  } catch {
    /* kept as text */
  }
  return { url: url.toString(), body };
}
