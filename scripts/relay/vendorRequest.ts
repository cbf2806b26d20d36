/**
 * What every vendor builder makes: one HTTP request (the relay's delivery sends and retries it).
 * Meta's hashing is the engine's (engine/analytics/hashedIds.ts, WebCrypto: Node and edge functions alike).
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

/** A base address and a path joined with exactly one slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
