/**
 * A short order reference a person can read out or type ("GZ-7K3P-QX") instead of the raw
 * subscription id: a stable hash of the id in an alphabet without look-alikes (no 0/O, 1/I/L).
 * The full id stays in the e-mail and the support tools.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** FNV-1a, 32 bits. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The reference of a subscription id.
 * @example orderReference('sub_sb_1f2e…') // "GZ-7K3P-QX"
 */
export function orderReference(subscriptionId: string, prefix = 'GZ'): string {
  // two independent hashes give 6 characters (31^6 ≈ 887 million references)
  let a = fnv1a(subscriptionId);
  let b = fnv1a(subscriptionId, 0x9e3779b9);
  let code = '';
  for (let i = 0; i < 6; i++) {
    const source = i < 4 ? a : b;
    code += ALPHABET[source % ALPHABET.length];
    if (i < 4) a = Math.floor(a / ALPHABET.length);
    else b = Math.floor(b / ALPHABET.length);
  }
  return `${prefix}-${code.slice(0, 4)}-${code.slice(4)}`;
}
