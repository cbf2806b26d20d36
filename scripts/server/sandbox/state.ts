/**
 * The sandbox API's in-memory store: accounts, tokens, subscriptions, polls and the analytics log.
 * Accounts and events are bounded (a count cap and an age limit), so a long-running preview server
 * or a flood of signups never grows without limit.
 */
import { LRUCache } from 'lru-cache';
import type { ClauseId } from '../../contract/clauseIds.ts';
import { createErrorCollector, type ErrorCollector } from './errorCollector.ts';
import { PagedLog } from './pagedLog.ts';

export interface Account {
  userId: string;
  email: string;
  name: string;
  landingType: string;
  token: string;
  /** The Braintree client token the payment settings hand out: random, never derived from the user id. */
  clientToken: string;
}

export const MAX_ACCOUNTS = 10_000;
export const ACCOUNT_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_EVENTS = 5000;
export const EVENT_TTL_MS = 24 * 60 * 60 * 1000;

export interface SandboxState {
  accountsByEmail: LRUCache<string, Account>;
  accountsByToken: LRUCache<string, Account>;
  events: PagedLog<Record<string, unknown>>;
  nextUserId: number;
  /** What the funnel's error reporting sent (preview builds). */
  errorCollector: ErrorCollector;
  /**
   * True while an account is in the middle of a purchase (set by the payment records, paymentsState.ts):
   * such an account is kept when the store is full, so a flood of signups cannot drop it mid-purchase.
   */
  inPurchase?: (account: Account) => boolean;
  /** Test only: the contract clause this sandbox breaks on purpose (test/unit/contract-breaks.test.ts); never set by `npm start`. */
  contractBreak?: ClauseId;
  /** Extended by the payment routes (subscriptions, polls) and the error collector. */
  [key: string]: unknown;
}

/**
 * Two indexes of the same accounts: dropping an account from one (cap reached, expired) drops it
 * from the other, so a token never outlives its account. An account pushed out by the cap while it
 * is in the middle of a purchase (`inPurchase`) is put back instead, as the most recent; each account
 * once per push, so a store full of purchases still makes room.
 */
function accountIndexes(max: number, ttl: number, inPurchase: (account: Account) => boolean): Pick<SandboxState, 'accountsByEmail' | 'accountsByToken'> {
  const options = { max, ttl, ttlAutopurge: false };
  const keptBack = new Set<Account>();
  const keep = (account: Account, reason: LRUCache.DisposeReason): boolean => {
    if (reason !== 'evict' || keptBack.has(account) || !inPurchase(account)) return false;
    keptBack.add(account);
    try {
      accountsByEmail.set(account.email, account);
      accountsByToken.set(account.token, account);
    } finally {
      keptBack.delete(account);
    }
    return true;
  };
  const accountsByToken: LRUCache<string, Account> = new LRUCache<string, Account>({
    ...options,
    disposeAfter: (account, _key, reason) => {
      if (reason === 'set' || keep(account, reason)) return;
      if (accountsByEmail.peek(account.email) === account) accountsByEmail.delete(account.email);
    },
  });
  const accountsByEmail: LRUCache<string, Account> = new LRUCache<string, Account>({
    ...options,
    disposeAfter: (account, _key, reason) => {
      if (reason === 'set' || keep(account, reason)) return;
      if (accountsByToken.peek(account.token) === account) accountsByToken.delete(account.token);
    },
  });
  return { accountsByEmail, accountsByToken };
}

export interface SandboxLimits {
  maxAccounts?: number;
  accountTtlMs?: number;
  maxEvents?: number;
  eventTtlMs?: number;
}

export function createSandboxState(limits: SandboxLimits = {}): SandboxState {
  const state: SandboxState = {
    ...accountIndexes(limits.maxAccounts ?? MAX_ACCOUNTS, limits.accountTtlMs ?? ACCOUNT_TTL_MS, (account) => state.inPurchase?.(account) === true),
    events: new PagedLog(limits.maxEvents ?? MAX_EVENTS, limits.eventTtlMs ?? EVENT_TTL_MS),
    nextUserId: 100_000,
    errorCollector: createErrorCollector(),
  };
  return state;
}
