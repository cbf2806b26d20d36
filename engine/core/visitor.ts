/**
 * The visitor id: a userUuid cookie that lasts 365 days (SameSite=Lax, Secure on https). When the
 * cookie cannot be kept (blocked, or `document.cookie` throws in a sandboxed frame) the id lives in
 * local storage, or in memory for this visit. Where the consent rules do not allow the cookie yet,
 * the id lives in session storage only, and the cookie is written once they do.
 */
import { readItem, writeItem } from './safeStorage.ts';

export const VISITOR_COOKIE = 'userUuid';
export const VISITOR_COOKIE_DAYS = 365;
export const COOKIE_POLL_MS = 500;
const COOKIE_POLL_TRIES = 4;

/** A random RFC 4122 version 4 id. */
export function newVisitorId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A cookie's value, or undefined (also when cookies cannot be read or the value is malformed). */
export function readCookie(doc: Pick<Document, 'cookie'>, name: string): string | undefined {
  try {
    for (const part of doc.cookie.split(';')) {
      const [k, ...v] = part.trim().split('=');
      if (k === name) return decodeURIComponent(v.join('='));
    }
  } catch {
    /* document.cookie throws in sandboxed or opaque-origin documents */
  }
  return undefined;
}

/** Writes the visitor cookie for 365 days; false when the browser refused by throwing. */
export function writeVisitorCookie(doc: Pick<Document, 'cookie'>, id: string, secure: boolean): boolean {
  const maxAge = VISITOR_COOKIE_DAYS * 24 * 60 * 60;
  try {
    doc.cookie = `${VISITOR_COOKIE}=${encodeURIComponent(id)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps a visitor id for 365 days once the consent rules allow it: in the cookie, or in local storage
 * where the cookie cannot be written or does not read back (as ensureVisitorId does).
 */
export function keepVisitorId(doc: Pick<Document, 'cookie'>, id: string, secure: boolean): void {
  if (writeVisitorCookie(doc, id, secure) && readCookie(doc, VISITOR_COOKIE) === id) return;
  writeItem('local', VISITOR_COOKIE, id);
}

/** Removes the visitor cookie (consent withdrawn). */
export function clearVisitorCookie(doc: Pick<Document, 'cookie'>): void {
  try {
    doc.cookie = `${VISITOR_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  } catch {
    /* nothing to clear where cookies cannot be written */
  }
}

/**
 * The visitor id from the cookie (or, when cookies do not work, from local storage), created when
 * missing. The cookie is checked every 500 ms until it reads back (a few tries); a cookie that does
 * not stick leaves the id in local storage, or in memory when storage is off too. Never throws.
 */
export async function ensureVisitorId(
  doc: Pick<Document, 'cookie'>,
  secure: boolean,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  cookieAllowed = true,
): Promise<string> {
  const existing = readCookie(doc, VISITOR_COOKIE);
  if (existing) return existing;
  if (!cookieAllowed) {
    // nothing long-lived before consent: the id lasts for this tab's session
    // (an id made before the first paint, experiments.ts earlyVisitorId, also lives in session storage)
    const id = readItem('session', VISITOR_COOKIE) || newVisitorId();
    writeItem('session', VISITOR_COOKIE, id);
    return id;
  }
  const id = readItem('local', VISITOR_COOKIE) || readItem('session', VISITOR_COOKIE) || newVisitorId();
  for (let attempt = 0; attempt < COOKIE_POLL_TRIES; attempt++) {
    if (!writeVisitorCookie(doc, id, secure)) break; // a throwing cookie jar will not start working
    if (readCookie(doc, VISITOR_COOKIE) === id) return id;
    await sleep(COOKIE_POLL_MS);
  }
  writeItem('local', VISITOR_COOKIE, id);
  return id;
}
