/**
 * What every vendor builder makes: one HTTP request (the relay's delivery sends and retries it), and
 * the SHA-256 hashing Meta asks for, with WebCrypto so the relay runs in Node and in edge functions.
 */

/** The vendors the relay sends a purchase to. */
export type VendorId = 'meta' | 'ga4' | 'segment';

export const VENDORS: readonly VendorId[] = ['meta', 'ga4', 'segment'];

export interface VendorRequest {
  url: string;
  headers: Record<string, string>;
  /** JSON text. */
  body: string;
}

/**
 * SHA-256 of a text, lower-case hex (64 characters).
 * @example await sha256Hex('ada@example.com')
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A base address and a path joined with exactly one slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
