/**
 * Keeps personal data out of error reports: e-mail addresses, tokens (bearer, JWT, access tokens in
 * addresses) and ad click ids are replaced in messages, exception values, breadcrumbs, addresses and
 * span data before anything leaves the page (Sentry's beforeSend, beforeBreadcrumb, beforeSendSpan).
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
/** Query (or fragment) parameters whose values identify a person, a session or an ad click. */
const SECRET_PARAMS =
  /([?&#](?:gclid|gbraid|wbraid|fbclid|fbc|fbp|msclkid|ttclid|token|access_token|id_token|email|e-?mail|code|payment_intent_client_secret|payment_intent)=)[^&#\s"']*/gi;

export const REDACTED = '[redacted]';

/**
 * A text with e-mails, tokens and click ids replaced.
 * @example scrubText('Signup failed for ada@example.com at /?gclid=abc') // 'Signup failed for [redacted] at /?gclid=[redacted]'
 */
export function scrubText(text: string): string {
  return text.replace(SECRET_PARAMS, `$1${REDACTED}`).replace(EMAIL, REDACTED).replace(BEARER, `$1 ${REDACTED}`).replace(JWT, REDACTED);
}

/** Every string inside a value scrubbed (objects and arrays copied, at most `depth` levels deep). */
export function scrubValue<T>(value: T, depth = 6): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (depth <= 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth - 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = scrubValue(v, depth - 1);
  return out as T;
}
