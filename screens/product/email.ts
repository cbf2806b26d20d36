/**
 * The e-mail check the signup screen runs before any call (spec section 5: an "email looks wrong"
 * message exists; the rule is ours). Deliberately forgiving: it refuses what cannot be an address
 * (no @, spaces, no dot in the domain, a one-letter top-level domain, a dot at either end of a part)
 * and accepts international domains.
 */

/** The longest address SMTP allows. */
export const MAX_EMAIL_LENGTH = 254;

const LOCAL = /^[^\s@"<>(),;:\\[\]]+$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
const TLD = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/** The address as it is checked and sent: surrounding spaces removed. */
export function normalizeEmail(raw: string): string {
  return raw.trim();
}

/**
 * True when the text looks like an e-mail address.
 * @example isValidEmail('anna@example.com') // true
 * @example isValidEmail('anna@example') // false
 */
export function isValidEmail(raw: string): boolean {
  const email = normalizeEmail(raw);
  if (!email || email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at !== email.indexOf('@')) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return TLD.test(labels[labels.length - 1] ?? '');
}
