/**
 * The navigation history of spec section 2: visited paths in session storage. A forward navigation to
 * an already visited path cuts the list back to it; any back navigation is sent to the last recorded
 * path, so going back is effectively blocked.
 */
import { readJson, writeItem } from './safeStorage.ts';

export const HISTORY_KEY = 'locationHistory';

export type NavigationKind = 'forward' | 'back';

export interface HistoryDecision {
  list: string[];
  /** Where to send the visitor instead, for a blocked back navigation. */
  redirect?: string;
}

/**
 * The pure rule.
 * @example recordNavigation(['/', '/signup'], '/', 'back') // { list: ['/', '/signup'], redirect: '/signup' }
 */
export function recordNavigation(list: readonly string[], path: string, kind: NavigationKind): HistoryDecision {
  if (kind === 'back') {
    const last = list[list.length - 1];
    if (last !== undefined && last !== path) return { list: [...list], redirect: last };
    return { list: [...list] };
  }
  const at = list.indexOf(path);
  if (at >= 0) return { list: list.slice(0, at + 1) };
  return { list: [...list, path] };
}

/** The stored list; an unreadable or corrupt value is an empty list. */
export function loadHistory(): string[] {
  const saved = readJson<unknown>('session', HISTORY_KEY);
  return Array.isArray(saved) ? saved.filter((p): p is string => typeof p === 'string') : [];
}

/** Stores the list; a failure keeps the funnel going without it. */
export function saveHistory(list: readonly string[]): void {
  writeItem('session', HISTORY_KEY, JSON.stringify(list));
}

/** Records a forward visit of a path (the pathname of `to`, without its query). @example recordVisit('/signup?x=1') */
export function recordVisit(to: string): void {
  const path = to.split(/[?#]/)[0] || '/';
  saveHistory(recordNavigation(loadHistory(), path, 'forward').list);
}
