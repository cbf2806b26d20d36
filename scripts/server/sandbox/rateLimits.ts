/**
 * The sandbox's rate limits (docs/purchases.md, clauses `rate-limit.*`): a token bucket per caller and
 * kind of call. A call over its limit is a 429 with `Retry-After` (whole seconds until a token is back)
 * and `errors.messages`, before anything is read or stored. The limits sit far above what a person
 * walking the funnel or the e2e suite sends, and far below a flood: signups and invite-code lookups per
 * client address (a lookup flood guesses codes, a signup flood pushes accounts out of the store),
 * subscription calls per account, the card API stand-in per client address.
 */
import type { IncomingMessage } from 'node:http';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../http.ts';
import type { ClauseId } from '../../contract/clauseIds.ts';
import type { SandboxState } from './state.ts';

export interface RateRule {
  /** Calls that may come at once. */
  burst: number;
  /** One more call allowed every this many ms. */
  refillMs: number;
}

export type RateKind = 'signup' | 'lookup' | 'payment' | 'cardApi';

export const RATE_RULES: Readonly<Record<RateKind, RateRule>> = {
  // 60 at once (a test suite's walks, a class of visitors behind one address), then one a second: a flood
  // of 10,000 signups from one address takes hours, and never pushes out an account mid-purchase (state.ts)
  signup: { burst: 60, refillMs: 1000 },
  // a family member types one code, maybe a few times: 20 at once, then one every 3 s
  lookup: { burst: 20, refillMs: 3000 },
  // a purchase posts 1 to 3 subscription calls (3-D Secure re-posts), the upsell 1 more
  payment: { burst: 12, refillMs: 5000 },
  // one payment method per Pay tap, one confirmation per challenge, from every tab behind one address
  cardApi: { burst: 60, refillMs: 1000 },
};

/** Which contract clause each limit keeps (the test-only break switches the limit off). */
const CLAUSE_OF: Readonly<Record<RateKind, ClauseId>> = {
  signup: 'rate-limit.signup',
  lookup: 'rate-limit.lookup',
  payment: 'rate-limit.payment',
  cardApi: 'rate-limit.payment',
};

/** Callers remembered per kind; the least recent are forgotten first (a forgotten caller starts full). */
const MAX_CALLERS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

const buckets = new WeakMap<SandboxState, Map<RateKind, LRUCache<string, Bucket>>>();

function bucketsOf(state: SandboxState, kind: RateKind): LRUCache<string, Bucket> {
  let kinds = buckets.get(state);
  if (!kinds) buckets.set(state, (kinds = new Map()));
  let cache = kinds.get(kind);
  if (!cache) kinds.set(kind, (cache = new LRUCache<string, Bucket>({ max: MAX_CALLERS })));
  return cache;
}

/**
 * Takes one call from the caller's bucket.
 * @returns 0 when the call may go on, else the whole seconds until it may
 */
export function takeToken(state: SandboxState, kind: RateKind, caller: string, now = Date.now()): number {
  const rule = RATE_RULES[kind];
  const cache = bucketsOf(state, kind);
  const bucket = cache.get(caller) ?? { tokens: rule.burst, at: now };
  const refilled = Math.min(rule.burst, bucket.tokens + (now - bucket.at) / rule.refillMs);
  if (refilled < 1) {
    cache.set(caller, { tokens: refilled, at: now });
    return Math.max(1, Math.ceil(((1 - refilled) * rule.refillMs) / 1000));
  }
  cache.set(caller, { tokens: refilled - 1, at: now });
  return 0;
}

/** The client's address, the key of the per-address limits. */
export const clientAddress = (req: IncomingMessage): string => req.socket.remoteAddress ?? 'unknown';

/**
 * Refuses a call over its limit with a 429 and Retry-After.
 * @throws HttpError
 */
export function limitRate(state: SandboxState, kind: RateKind, caller: string): void {
  if (state.contractBreak === CLAUSE_OF[kind]) return;
  const wait = takeToken(state, kind, caller);
  if (!wait) return;
  throw new HttpError(429, { errors: { messages: [`Too many requests. Try again in ${wait} s.`] } }, { 'retry-after': String(wait) });
}
