/**
 * Tracking data read once from the first screen's query string (spec sections 3 and 4): utm
 * parameters (allow-listed, length-capped), utm_source defaulting to organic, the ad click ids
 * (gclid, gbraid, wbraid, fbclid: allow-listed, length-capped, kept apart from the utm values a
 * glued-on fbclid is split off), and the visitor's operating system.
 */

/** Query parameters that are kept; everything else is ignored. */
export const ALLOWED_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'utm_id'] as const;
export const MAX_PARAM_LENGTH = 200;
export const DEFAULT_UTM_SOURCE = 'organic';
/** The ad click ids kept for attribution: Google Ads (gclid, and gbraid / wbraid from iOS) and Meta (fbclid). */
export const CLICK_ID_PARAMS = ['gclid', 'gbraid', 'wbraid', 'fbclid'] as const;
export type ClickIdName = (typeof CLICK_ID_PARAMS)[number];
/** A click id is an opaque token of letters, digits, "-", "_" and "." (anything else is not one). */
const CLICK_ID = /^[A-Za-z0-9_.-]+$/;

export interface CapturedQuery {
  utm: Record<string, string>;
  utm_source: string;
  /** True when a Facebook click id came with the visit. */
  fromFacebook: boolean;
  /** The click ids of the address, each within MAX_PARAM_LENGTH; only those present. */
  clickIds: Partial<Record<ClickIdName, string>>;
}

/** Removes a glued-on "?fbclid=…"/"&fbclid=…", control characters and anything past the cap. */
function clean(value: string): string {
  const cut = value.split(/[?&]fbclid=/i)[0] ?? '';
  return cut
    .replace(/[\u0000-\u001f\u007f<>]/g, '') // eslint-disable-line no-control-regex -- control characters are what it removes
    .trim()
    .slice(0, MAX_PARAM_LENGTH);
}

/**
 * Parses the query string of the first screen.
 * @example parseQuery('?utm_source=fb&fbclid=abc').utm // { utm_source: 'fb' }
 */
export function parseQuery(search: string): CapturedQuery {
  const params = new URLSearchParams(search);
  const utm: Record<string, string> = {};
  for (const name of ALLOWED_PARAMS) {
    const raw = params.get(name);
    if (raw === null) continue;
    const value = clean(raw);
    if (value) utm[name] = value;
  }
  const fromFacebook = params.has('fbclid') || [...params.values()].some((v) => /[?&]fbclid=/i.test(v));
  const utm_source = utm.utm_source ?? (fromFacebook ? 'facebook' : DEFAULT_UTM_SOURCE);
  return { utm: { ...utm, utm_source }, utm_source, fromFacebook, clickIds: clickIdsOf(params) };
}

/**
 * The click ids of a query: a parameter of its own, or one glued onto another value ("…?fbclid=…",
 * as some ad tools write it). Over-long or malformed values are dropped, not cut: a cut id matches nothing.
 * @example clickIdsOf(new URLSearchParams('?gclid=Cj0K&x=1')) // { gclid: 'Cj0K' }
 */
export function clickIdsOf(params: URLSearchParams): Partial<Record<ClickIdName, string>> {
  const ids: Partial<Record<ClickIdName, string>> = {};
  for (const name of CLICK_ID_PARAMS) {
    const glued = [...params.values()].map((v) => new RegExp(`[?&]${name}=([^&]*)`, 'i').exec(v)?.[1]).find((v) => v !== undefined);
    const value = (params.get(name) ?? glued ?? '').trim();
    if (value && value.length <= MAX_PARAM_LENGTH && CLICK_ID.test(value)) ids[name] = value;
  }
  return ids;
}

/** Operating system name plus version, e.g. "iOS 17.4", "Android 14", "Windows 10", "macOS 10.15". */
export function detectOs(userAgent: string): string {
  const ua = userAgent;
  let m = ua.match(/(?:iPhone|iPad|iPod).*? OS (\d+)[_.](\d+)/);
  if (m) return `iOS ${m[1]}.${m[2]}`;
  m = ua.match(/Android (\d+(?:\.\d+)?)/);
  if (m) return `Android ${m[1]}`;
  m = ua.match(/Windows NT (\d+\.\d+)/);
  if (m) return `Windows ${({ '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' } as Record<string, string>)[m[1]!] ?? m[1]}`;
  m = ua.match(/Mac OS X (\d+)[_.](\d+)/);
  if (m) return `macOS ${m[1]}.${m[2]}`;
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return 'unknown';
}

/** The device label of the tracking data: iOS, Android, desktop, or the platform name. */
export function deviceLabel(os: string): string {
  if (os.startsWith('iOS')) return 'iOS';
  if (os.startsWith('Android')) return 'Android';
  if (/^(Windows|macOS|Linux|ChromeOS)/.test(os)) return 'desktop';
  return os;
}

/**
 * WebP support as the spec's start-up check puts it: on for every browser but Safari below 14.
 * @example supportsWebp('… Version/13.1 Safari/605.1.15') // false
 */
export function supportsWebp(userAgent: string): boolean {
  const safari = /Version\/(\d+)[\d.]* (Mobile\/\S+ )?Safari\//.exec(userAgent);
  if (safari && !/Chrome|Chromium|CriOS|Android/.test(userAgent)) return Number(safari[1]) >= 14;
  return true;
}
