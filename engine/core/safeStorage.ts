/**
 * Browser storage that never throws: private modes, disabled cookies, a full quota or a missing
 * window all end in a returned failure, never an exception in the funnel.
 */

export type StorageKind = 'local' | 'session';

function backing(kind: StorageKind): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined; // reading the property itself throws when storage is disabled
  }
}

/** The stored string, or undefined when missing or unreadable. */
export function readItem(kind: StorageKind, key: string): string | undefined {
  try {
    return backing(kind)?.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Stores a string; false when storage is missing, disabled or full. */
export function writeItem(kind: StorageKind, key: string, value: string): boolean {
  try {
    const store = backing(kind);
    if (!store) return false;
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes a key; never throws. */
export function removeItem(kind: StorageKind, key: string): void {
  try {
    backing(kind)?.removeItem(key);
  } catch {
    /* nothing to clean up when storage is unavailable */
  }
}

/** Parses JSON read from storage; undefined for missing or corrupt data. */
export function readJson<T>(kind: StorageKind, key: string): T | undefined {
  const raw = readItem(kind, key);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}
