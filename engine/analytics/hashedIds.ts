/**
 * Meta's advanced matching keys, hashed in the browser as Meta specifies (trimmed, lower-cased,
 * SHA-256 in hex, with WebCrypto): the e-mail (`em`) and the account id (`external_id`). The same
 * `external_id` must reach Meta from the pixel and from a server-side Conversions API call, so this
 * is the one place it is made.
 */

/**
 * The hex SHA-256 of a value normalised as Meta asks (trimmed, lower-cased); undefined for an empty
 * value or where WebCrypto is missing (it needs a secure page).
 * @example await normalisedSha256(' ABC ') // sha256('abc')
 */
export async function normalisedSha256(value: string, subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle): Promise<string | undefined> {
  const normalised = value.trim().toLowerCase();
  if (!normalised || !subtle) return undefined;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(normalised));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Meta's advanced matching key for an e-mail address (`em`); undefined for something that is not one.
 * @example await hashedEmail(' Ada@Example.com ') // sha256('ada@example.com')
 */
export async function hashedEmail(email: string, subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle): Promise<string | undefined> {
  return email.includes('@') ? normalisedSha256(email, subtle) : undefined;
}

/**
 * Meta's `external_id` of an account: its id (Segment's `userId`, GA4's `user_id`), hashed.
 * @example await hashedExternalId('12345') // sha256('12345')
 */
export async function hashedExternalId(accountId: string, subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle): Promise<string | undefined> {
  return normalisedSha256(accountId, subtle);
}
