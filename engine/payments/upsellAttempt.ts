/**
 * An upsell purchase under way: written to session storage (beside the receipt, ./receipt.ts) before
 * its call, so a reload while it runs follows the same attempt (the same Idempotency-Key, fb_event_id
 * and, for PayPal, the same nonce) to its real result instead of offering the add-on again or buying
 * it twice. Cleared once the result is known; kept while the outcome is open (no connection).
 */
import { readJson, removeItem, writeItem } from '../core/safeStorage.ts';

export const UPSELL_ATTEMPT_KEY = 'upsell_in_flight';

export interface UpsellAttempt {
  /** The subscription the add-on goes with (the receipt's id): an attempt of another purchase is ignored. */
  subscriptionId: string;
  /** How the add-on is paid: the card or wallet just used, or the PayPal account just vaulted. */
  method: 'card' | 'paypal';
  idempotencyKey: string;
  fbEventId: string;
  /** The vaulted PayPal account's nonce (PayPal only): posted again as it was. */
  nonce: string;
}

/** The attempt under way for this subscription, or undefined (none, another one's, or unreadable). */
export function readUpsellAttempt(subscriptionId: string): UpsellAttempt | undefined {
  const a = readJson<Partial<UpsellAttempt>>('session', UPSELL_ATTEMPT_KEY);
  if (!a || !subscriptionId || a.subscriptionId !== subscriptionId) return undefined;
  if (a.method !== 'card' && a.method !== 'paypal') return undefined;
  if (typeof a.idempotencyKey !== 'string' || !a.idempotencyKey || typeof a.fbEventId !== 'string' || !a.fbEventId) return undefined;
  const nonce = typeof a.nonce === 'string' ? a.nonce : '';
  if (a.method === 'paypal' && !nonce) return undefined;
  return { subscriptionId, method: a.method, idempotencyKey: a.idempotencyKey, fbEventId: a.fbEventId, nonce };
}

/** Stores the attempt before its call. */
export function writeUpsellAttempt(attempt: UpsellAttempt): void {
  writeItem('session', UPSELL_ATTEMPT_KEY, JSON.stringify(attempt));
}

/** Forgets the attempt (its result is known). */
export function clearUpsellAttempt(): void {
  removeItem('session', UPSELL_ATTEMPT_KEY);
}
