/**
 * Meta's first-party click and browser ids in their documented format, `fb.<subdomainIndex>.<creationTime>.<value>`:
 * `_fbc` = `fb.1.<ms of the click>.<fbclid>` and `_fbp` = `fb.1.<ms>.<random number>`. The pixel writes
 * the same cookies once it runs; whichever is there first is kept, so the browser and the server's
 * Conversions API send the same values. Written only with marketing consent (the caller decides).
 */

/** Meta's subdomain index for a value not read from a cookie (the documentation's advice). */
const SUBDOMAIN_INDEX = 1;
/** Meta's `_fbp` / `_fbc` cookies last 90 days. */
const MAX_AGE_S = 90 * 24 * 60 * 60;
const FORMAT = /^fb\.\d\.\d{10,16}\.\S+$/;

/**
 * `_fbc` of a Meta click.
 * @example fbcOf('IwAR2x', 1_700_000_000_000) // 'fb.1.1700000000000.IwAR2x'
 */
export function fbcOf(fbclid: string, clickAt: number): string {
  return `fb.${SUBDOMAIN_INDEX}.${Math.floor(clickAt)}.${fbclid}`;
}

/**
 * A new `_fbp`: creation time and a random number, as the pixel makes it.
 * @example fbpOf(1_700_000_000_000, () => 0.5) // 'fb.1.1700000000000.1073741824'
 */
export function fbpOf(now: number, random: () => number = Math.random): string {
  return `fb.${SUBDOMAIN_INDEX}.${Math.floor(now)}.${Math.floor(random() * 2 ** 31)}`;
}

function readCookie(doc: Pick<Document, 'cookie'>, name: string): string {
  let cookies: string;
  try {
    cookies = doc.cookie;
  } catch {
    return ''; // cookies blocked
  }
  const hit = cookies.split('; ').find((c) => c.startsWith(`${name}=`));
  const value = hit ? decodeURIComponent(hit.slice(name.length + 1)) : '';
  return FORMAT.test(value) ? value : '';
}

function writeCookie(doc: Pick<Document, 'cookie'>, name: string, value: string, secure: boolean): void {
  try {
    doc.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  } catch {
    /* cookies blocked: the value is still sent with this purchase */
  }
}

export interface MetaIds {
  fbp: string;
  /** Empty when the visit did not come from a Meta ad click. */
  fbc: string;
}

/**
 * The `_fbp` and `_fbc` of this browser: the cookies when present (the pixel's), else new ones in
 * Meta's format, written as first-party cookies.
 */
export function metaIds(
  doc: Pick<Document, 'cookie'>,
  click: { fbclid?: string; clickAt?: number },
  options: { now?: number; secure?: boolean; random?: () => number } = {},
): MetaIds {
  const now = options.now ?? Date.now();
  let fbp = readCookie(doc, '_fbp');
  if (!fbp) writeCookie(doc, '_fbp', (fbp = fbpOf(now, options.random)), options.secure ?? false);
  let fbc = readCookie(doc, '_fbc');
  // a newer click than the cookie's is the one to credit
  if (click.fbclid && !fbc.endsWith(`.${click.fbclid}`)) writeCookie(doc, '_fbc', (fbc = fbcOf(click.fbclid, click.clickAt ?? now)), options.secure ?? false);
  return { fbp, fbc };
}
