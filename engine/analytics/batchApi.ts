/**
 * How a batch reaches the HTTP batch API a destination names, as each one documents it:
 * - none (a forwarding proxy or the preview's collector): no key;
 * - `segment`: `Authorization: Basic base64("<writeKey>:")`; the key may also be a `writeKey` field of
 *   the body, which is how analytics.js authenticates what it sends without headers;
 * - `rudderstack`: the same Basic authentication; without headers (beacons) its
 *   `/beacon/v1/batch?writeKey=` route;
 * - `jitsu`: the `X-Write-Key` header; without headers the `writeKey` query parameter.
 * Beacons cannot carry headers and go as `text/plain`, a CORS-safelisted type: a collector on another
 * origin receives them without a preflight (with `application/json` Chromium sends only the
 * preflight, and the batch is lost while sendBeacon still returns true).
 */

export type BatchApi = 'segment' | 'rudderstack' | 'jitsu';
export const BATCH_APIS: readonly BatchApi[] = ['segment', 'rudderstack', 'jitsu'];

export interface BatchTarget {
  url: string;
  /** The source's write key; empty or absent for a collector that needs none. */
  writeKey?: string;
  /** Whose batch API `url` is (how the key is sent); absent for a collector without a key. */
  api?: BatchApi | '';
}

export interface BatchPayload {
  batch: unknown[];
  sentAt: string;
}

const basic = (writeKey: string): string => `Basic ${btoa(`${writeKey}:`)}`;

function withQuery(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

/**
 * The request of a batch sent by fetch.
 * @example fetchRequest({ url: 'https://api.segment.io/v1/batch', writeKey: 'k', api: 'segment' }, payload).headers.authorization // 'Basic azo='
 */
export function fetchRequest(target: BatchTarget, payload: BatchPayload): { url: string; headers: Record<string, string>; body: string } {
  const key = target.writeKey;
  const body = JSON.stringify(payload);
  if (!key || !target.api) return { url: target.url, headers: { 'content-type': 'text/plain' }, body };
  if (target.api === 'jitsu') return { url: target.url, headers: { 'content-type': 'application/json', 'x-write-key': key }, body };
  return { url: target.url, headers: { 'content-type': 'application/json', authorization: basic(key) }, body };
}

/**
 * The request of a batch sent by sendBeacon (no headers: the key goes in the body or the address).
 * @example beaconRequest({ url: 'https://dp.example.com/v1/batch', writeKey: 'k', api: 'rudderstack' }, payload).url // 'https://dp.example.com/beacon/v1/batch?writeKey=k'
 */
export function beaconRequest(target: BatchTarget, payload: BatchPayload): { url: string; body: string; type: 'text/plain' } {
  const key = target.writeKey;
  const type = 'text/plain' as const;
  if (!key || !target.api) return { url: target.url, body: JSON.stringify(payload), type };
  if (target.api === 'segment') return { url: target.url, body: JSON.stringify({ ...payload, writeKey: key }), type };
  if (target.api === 'rudderstack') {
    const beaconUrl = target.url.replace(/\/v1\/batch(?=$|\?)/, '/beacon/v1/batch');
    return { url: withQuery(beaconUrl, 'writeKey', key), body: JSON.stringify(payload), type };
  }
  return { url: withQuery(target.url, 'writeKey', key), body: JSON.stringify(payload), type };
}
