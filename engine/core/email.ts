/**
 * The e-mail check the signup screen runs before any call and the sandbox runs again (spec section 5:
 * an "email looks wrong" message exists; the rule is ours). Deliberately forgiving about what an
 * address may be (international domains, plus tags), strict about what no one can receive mail on:
 * - invisible characters (zero-width spaces and joiners, bidirectional controls, soft hyphens, other
 *   format and control characters) are refused, not silently dropped: the visitor sees what is wrong;
 * - look-alikes that Unicode compatibility normalisation (NFKC) would change (full-width letters,
 *   styled mathematical letters, ligatures) are refused too, so "ａｎｎａ@example.com" never becomes an
 *   account beside "anna@example.com";
 * - then the shape: no @, spaces, no dot in the domain, a one-letter top-level domain, a dot at
 *   either end of a part.
 * A composed accent typed as two code points (NFD) is fine: it is stored composed (NFC).
 */

/** The longest address SMTP allows. */
export const MAX_EMAIL_LENGTH = 254;

const LOCAL = /^[^\s@"<>(),;:\\[\]]+$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
const TLD = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;
/** Format and control characters (zero-width, bidi, soft hyphen, BOM), line and paragraph separators, and fillers that show nothing. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u115F\u3164\uFFA0]|\u034F|\u1160|\u17B4|\u17B5|[\u180B-\u180F]|[\uFE00-\uFE0F]/u;

/** Why an address is refused. */
export type EmailProblem = 'invisible' | 'lookalike' | 'format';

export type EmailCheck = { ok: true; email: string } | { ok: false; problem: EmailProblem };

/** The address as it is checked and sent: surrounding spaces removed, accents composed (NFC). */
export function normalizeEmail(raw: string): string {
  return raw.trim().normalize('NFC');
}

/**
 * Checks an address and gives it as it is stored and sent, or why it is refused.
 * @example checkEmail(' anna@example.com ') // { ok: true, email: 'anna@example.com' }
 * @example checkEmail('an\u200Bna@example.com') // { ok: false, problem: 'invisible' }
 * @example checkEmail('ａｎｎａ@example.com') // { ok: false, problem: 'lookalike' }
 */
export function checkEmail(raw: string): EmailCheck {
  const trimmed = raw.trim();
  if (INVISIBLE.test(trimmed)) return { ok: false, problem: 'invisible' };
  const email = normalizeEmail(trimmed);
  if (email.normalize('NFKC') !== email) return { ok: false, problem: 'lookalike' };
  return hasEmailShape(email) ? { ok: true, email } : { ok: false, problem: 'format' };
}

/**
 * True when the text is an address that can be accepted.
 * @example isValidEmail('anna@example.com') // true
 * @example isValidEmail('anna@example') // false
 */
export function isValidEmail(raw: string): boolean {
  return checkEmail(raw).ok;
}

function hasEmailShape(email: string): boolean {
  if (!email || email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at !== email.indexOf('@')) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  if (local.length > 64 || !LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  return TLD.test(labels[labels.length - 1] ?? '');
}
