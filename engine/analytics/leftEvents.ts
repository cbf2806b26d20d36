/**
 * Events a page holds but has not delivered when it is left (a reload, or a quick step before the
 * destinations had loaded), handed to the next page of the tab through session storage. Bounded to
 * MAX_HELD_EVENTS per key; nothing is handed over where session storage is off, full or corrupt.
 */
import type { AnalyticsEvent } from '../core/analytics.ts';
import { readItem, removeItem, writeItem } from '../core/safeStorage.ts';
import { MAX_HELD_EVENTS } from './consentRules.ts';

export interface LeftEvents {
  /** The events a previous page left under this key, removed from storage (none when there are none or they are unreadable). */
  take(key: string): AnalyticsEvent[];
  /** Leaves events for the next page (the latest MAX_HELD_EVENTS); false when they could not be stored. */
  leave(key: string, events: AnalyticsEvent[]): boolean;
}

/**
 * Hand-over under `prefix` in session storage: the key '' is `prefix` itself, any other `prefix:key`.
 * @example const left = sessionLeftEvents('measurement:held'); left.leave('collector', held);
 */
export function sessionLeftEvents(prefix: string): LeftEvents {
  const storageKey = (key: string): string => (key ? `${prefix}:${key}` : prefix);
  return {
    take(key) {
      const raw = readItem('session', storageKey(key));
      if (raw === undefined) return [];
      removeItem('session', storageKey(key));
      try {
        const events: unknown = JSON.parse(raw);
        return Array.isArray(events) ? (events as AnalyticsEvent[]).slice(-MAX_HELD_EVENTS) : [];
      } catch {
        return [];
      }
    },
    leave(key, events) {
      return writeItem('session', storageKey(key), JSON.stringify(events.slice(-MAX_HELD_EVENTS)));
    },
  };
}
