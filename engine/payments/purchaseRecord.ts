/**
 * The durable purchase record: written to local storage before the subscription call, so a reload, a
 * Back navigation or a second tab finds the purchase that is already under way (and its polling id)
 * instead of offering a fresh Pay button, and a retry reuses the same idempotency key and fb_event_id.
 * It is written as soon as the purchase is claimed (./purchaseClaim.ts), while the card is tokenised,
 * so every tab sees the purchase start. Once the purchase succeeds the record keeps the result, so a
 * subscribed visitor is sent to their success step instead of being sold the same plan again (the
 * success step has the server confirm it first). A record belongs to one account (the account key of
 * the tab's access token, ./account.ts); anything unreadable counts as no record, and a storage that
 * refuses writes leaves the funnel working with an in-memory record for this page.
 */
import { readItem, removeItem, writeItem } from '../core/safeStorage.ts';

/** The records' key prefix in local storage: one record per account, `purchase_in_flight:<account>`. */
export const PURCHASE_RECORD_KEY = 'purchase_in_flight';

/** Where an account's record is stored: another account's purchase never replaces it. */
export const purchaseRecordKey = (account: string): string => `${PURCHASE_RECORD_KEY}:${account}`;

export interface PurchaseResult {
  subscriptionId: string;
  finalPrice: number;
  regularPrice: number;
}

export interface PurchaseRecord {
  /** The account the purchase belongs to (`purchaseAccountOf`: the access token's user id). */
  account: string;
  plan: string;
  /** Sent as the Idempotency-Key header of the subscription call. */
  idempotencyKey: string;
  fbEventId: string;
  /** The payment method charged (a Stripe id, never card data): a retry sends the same request; '' while the card is tokenised. */
  paymentMethodId: string;
  /** The backend's gateway id of an alternative-method purchase (PayPal: 'braintree'); absent for a card or wallet. */
  gateway?: string;
  /** The alternative method's nonce posted (single use, valid for hours): a retry posts the same. */
  nonce?: string;
  /** 3-D Secure was requested (a retry sends the same body). */
  threeDSecure?: boolean;
  /** The polling id, once the server has answered the subscription call. */
  pollingId: string;
  startedAt: number;
  status: 'processing' | 'succeeded';
  /** Where the purchase was started: a visitor with an open purchase is brought back here. */
  checkoutPath: string;
  /** The success step, once shown: a subscribed visitor is brought back here. */
  successPath: string;
  result?: PurchaseResult;
}

/** Used when storage refuses writes (private mode, full quota): the records live as long as the page. */
const memory = new Map<string, string>();

/** Listeners in this tab (the `storage` event reaches only the other tabs). */
const listeners = new Set<() => void>();
const tell = (): void => listeners.forEach((listener) => listener());
let told = false;
/**
 * Tells this tab's listeners in the microtask after the change, once for the changes made before it:
 * before any task (React renders it in a microtask anyway), and after the code that wrote it has gone
 * on (a purchase's call leaves before the screens read the record again).
 */
const tellNext = (): void => {
  if (told) return;
  told = true;
  queueMicrotask(() => {
    told = false;
    tell();
  });
};
let soon: ReturnType<typeof setTimeout> | undefined;
/** Tells this tab's listeners in a task of their own, once for the changes made before it (a later change moves it on). */
const tellSoon = (): void => {
  clearTimeout(soon);
  soon = setTimeout(() => {
    soon = undefined;
    tell();
  }, 0);
};

const isString = (v: unknown): v is string => typeof v === 'string';

/** Parses a stored record; undefined for anything that is not a complete record. */
export function parseRecord(raw: string | undefined): PurchaseRecord | undefined {
  if (!raw) return undefined;
  let r: Partial<PurchaseRecord>;
  try {
    r = JSON.parse(raw) as Partial<PurchaseRecord>;
  } catch {
    return undefined;
  }
  if (!r || typeof r !== 'object') return undefined;
  const strings = [r.account, r.plan, r.idempotencyKey, r.fbEventId, r.paymentMethodId, r.pollingId, r.checkoutPath, r.successPath];
  if (!strings.every(isString) || !r.account || !r.plan || !r.idempotencyKey || !r.fbEventId) return undefined;
  if (typeof r.startedAt !== 'number' || (r.status !== 'processing' && r.status !== 'succeeded')) return undefined;
  const res = r.result;
  const result = res && isString(res.subscriptionId) && typeof res.finalPrice === 'number' && typeof res.regularPrice === 'number' ? res : undefined;
  if (r.status === 'succeeded' && !result) return undefined;
  if (r.gateway !== undefined && (!isString(r.gateway) || !r.gateway || !isString(r.nonce) || !r.nonce)) return undefined;
  return { ...(r as PurchaseRecord), result };
}

/**
 * The record of this account, or undefined (none, another account's, or unreadable).
 * @example const open = readPurchaseRecord(purchaseAccountOf(store.signup))
 */
export function readPurchaseRecord(account: string): PurchaseRecord | undefined {
  if (!account) return undefined;
  const record = parseRecord(readItem('local', purchaseRecordKey(account)) ?? memory.get(account));
  if (!record || record.account !== account) return undefined;
  return record;
}

/**
 * True for a record of a purchase claimed but not sent: no payment method, no PayPal nonce, no polling
 * id. Found by a tab that holds the claim, it is a tab that went away while the card was tokenised:
 * nothing was charged, and the visitor may pay again.
 */
export const isUnsent = (record: PurchaseRecord): boolean => !record.paymentMethodId && !record.nonce && !record.pollingId;

/** Stores the record (local storage, else memory); never throws. */
export function writePurchaseRecord(record: PurchaseRecord): void {
  const before = readPurchaseRecord(record.account)?.status;
  const raw = JSON.stringify(record);
  if (writeItem('local', purchaseRecordKey(record.account), raw)) memory.delete(record.account);
  else memory.set(record.account, raw);
  // what the screens decide on (a purchase begun, paid or dropped) is told before any task. The details a
  // running purchase adds on its way to the next call (the payment method, the polling id) are told in a
  // task of their own: React renders a change it is told in a microtask, and the checkout's render
  // (13-15 ms at 4x CPU) came before the call that follows could leave
  if (before === record.status) tellSoon();
  else tellNext();
}

/** Changes fields of this account's record (nothing when there is none). */
export function updatePurchaseRecord(account: string, patch: Partial<PurchaseRecord>): PurchaseRecord | undefined {
  const record = readPurchaseRecord(account);
  if (!record) return undefined;
  const updated = { ...record, ...patch };
  writePurchaseRecord(updated);
  return updated;
}

/** Forgets the account's record (a final decline: the next attempt is a new purchase); every account's without one. */
export function clearPurchaseRecord(account?: string): void {
  const accounts = account === undefined ? [...memory.keys(), ...storedAccounts()] : [account];
  for (const a of accounts) {
    memory.delete(a);
    removeItem('local', purchaseRecordKey(a));
  }
  tellNext();
}

/** The accounts with a record in local storage. */
function storedAccounts(): string[] {
  const prefix = `${PURCHASE_RECORD_KEY}:`;
  try {
    const storage = globalThis.localStorage;
    const keys = Array.from({ length: storage?.length ?? 0 }, (_, k) => storage.key(k) ?? '');
    return keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  } catch {
    return [];
  }
}

/**
 * Calls `listener` when the record changes, in this tab or in another one.
 * @returns the unsubscribe function
 */
export function onPurchaseRecordChange(listener: () => void): () => void {
  listeners.add(listener);
  const handler = (event: StorageEvent): void => {
    if (event.key === null || event.key.startsWith(`${PURCHASE_RECORD_KEY}:`)) listener();
  };
  const win = typeof window === 'undefined' ? undefined : window;
  win?.addEventListener('storage', handler);
  return () => {
    listeners.delete(listener);
    win?.removeEventListener('storage', handler);
  };
}
