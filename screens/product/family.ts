/**
 * The family funnel's field rules (no React): the visitor's name (spec section 5: trimmed, first
 * letter capitalised), the Circle name, the Circle invite code and the home address. Each rule turns
 * raw input into the value to store, or into the i18n key of what is wrong.
 */

/** A rule's verdict: the normalised value to store, or the i18n key of the error to show. */
/** A field's value, or the i18n key of its problem (with the values of the text's placeholders, e.g. the seconds to wait). */
export type FieldResult = { ok: true; value: string } | { ok: false; error: string; values?: Readonly<Record<string, number>> };

/** The text fields the text-entry screen fills (the `field` prop of its schema). */
export type TextField = 'name' | 'circleName' | 'code';

export const NAME_MAX = 40;
export const CIRCLE_NAME_MIN = 2;
export const CIRCLE_NAME_MAX = 30;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 200;

/** The characters of an invite code: A-Z and 2-9 (0 and 1 are left out: they look like O and I). */
export const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;
const CODE_SHAPE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/**
 * The number an error text counts ("at most 40 characters"): i18next shows it as {{count}} and picks
 * the text's plural form by it (one, few, many ... as the visitor's language needs).
 */
const ERROR_COUNTS: Readonly<Record<string, number>> = {
  'family.errors.nameTooLong': NAME_MAX,
  'family.errors.circleNameTooShort': CIRCLE_NAME_MIN,
  'family.errors.circleNameTooLong': CIRCLE_NAME_MAX,
  'family.errors.codeShape': CODE_LENGTH,
  'family.errors.addressTooLong': ADDRESS_MAX,
};

/**
 * The translation options of a rule's error key: its count where the text has one.
 * @example t(error, errorTextOptions(error)) // "Your name can be at most 40 characters long."
 */
export function errorTextOptions(error: string): { count?: number } {
  const count = ERROR_COUNTS[error];
  return count === undefined ? {} : { count };
}

const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Trims and collapses runs of white space into one space. */
export function collapseSpaces(input: string): string {
  return input.replace(/\s+/gu, ' ').trim();
}

/**
 * The first letter upper-cased (a whole code point, so it works beyond ASCII), the rest as typed.
 * @example capitaliseFirst('élodie') // 'Élodie'
 */
export function capitaliseFirst(input: string, locale?: string): string {
  const [first, ...rest] = Array.from(input);
  if (first === undefined) return '';
  return first.toLocaleUpperCase(locale) + rest.join('');
}

/**
 * The visitor's name: trimmed, spaces collapsed, first letter capitalised (spec section 5).
 * @example checkName('  anna maria ') // { ok: true, value: 'Anna maria' }
 */
export function checkName(input: string, locale?: string): FieldResult {
  const value = capitaliseFirst(collapseSpaces(input), locale);
  if (!value) return { ok: false, error: 'family.errors.nameRequired' };
  if (Array.from(value).length > NAME_MAX) return { ok: false, error: 'family.errors.nameTooLong' };
  if (!LETTER.test(value)) return { ok: false, error: 'family.errors.nameLetters' };
  return { ok: true, value };
}

/**
 * The Circle's name: trimmed, spaces collapsed, 2 to 30 characters with at least one letter or digit.
 * @example checkCircleName(' The  Smiths ') // { ok: true, value: 'The Smiths' }
 */
export function checkCircleName(input: string): FieldResult {
  const value = collapseSpaces(input);
  if (!value) return { ok: false, error: 'family.errors.circleNameRequired' };
  const length = Array.from(value).length;
  if (length < CIRCLE_NAME_MIN) return { ok: false, error: 'family.errors.circleNameTooShort' };
  if (length > CIRCLE_NAME_MAX) return { ok: false, error: 'family.errors.circleNameTooLong' };
  if (!LETTER_OR_DIGIT.test(value)) return { ok: false, error: 'family.errors.circleNameLetters' };
  return { ok: true, value };
}

/**
 * An invite code as stored: upper case, without the spaces and dashes people type or paste.
 * @example normaliseCode(' k7p-4qx ') // 'K7P4QX'
 */
export function normaliseCode(input: string): string {
  return input.replace(/[\s\-‐-―]/gu, '').toUpperCase();
}

/** True when a normalised code has the shape of a generated one (6 characters, A-Z and 2-9). */
export function isCodeShape(code: string): boolean {
  return CODE_SHAPE.test(code);
}

/**
 * A code typed on the join screen: case, spaces and dashes do not matter; anything else that does
 * not fit the shape gets a clear message.
 * @example checkCode('abc 234') // { ok: true, value: 'ABC234' }
 */
export function checkCode(input: string): FieldResult {
  const value = normaliseCode(input);
  if (!value) return { ok: false, error: 'family.errors.codeRequired' };
  if (!isCodeShape(value)) return { ok: false, error: 'family.errors.codeShape' };
  return { ok: true, value };
}

/**
 * A code grouped for reading aloud or copying: 3 + 3 characters.
 * @example formatCode('K7P4QX') // 'K7P-4QX'
 */
export function formatCode(code: string): string {
  return code.length === CODE_LENGTH ? `${code.slice(0, 3)}-${code.slice(3)}` : code;
}

/** Fills a byte array with random values (crypto.getRandomValues in browsers and Node). */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array;

const cryptoRandom: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

/**
 * A new invite code for the create branch: 6 characters drawn uniformly from CODE_ALPHABET
 * (bytes that would bias the draw are thrown away).
 * @example generateCode() // 'K7P4QX'
 */
export function generateCode(random: RandomBytes = cryptoRandom): string {
  const size = CODE_ALPHABET.length;
  const limit = 256 - (256 % size); // bytes at or above this would favour the first letters
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of random(new Uint8Array(16))) {
      if (byte < limit && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

/**
 * The home address: trimmed, spaces collapsed, 5 to 200 characters with at least one letter.
 * @example checkAddress(' 12  Oak Street ') // { ok: true, value: '12 Oak Street' }
 */
export function checkAddress(input: string): FieldResult {
  const value = collapseSpaces(input);
  if (!value) return { ok: false, error: 'family.errors.addressRequired' };
  const length = Array.from(value).length;
  if (length < ADDRESS_MIN || !LETTER.test(value)) return { ok: false, error: 'family.errors.addressShort' };
  if (length > ADDRESS_MAX) return { ok: false, error: 'family.errors.addressTooLong' };
  return { ok: true, value };
}

/** The i18n keys of the two ways an invite code's lookup fails (screens/product/circleApi.ts). */
export const CIRCLE_ERRORS = { unknown: 'family.errors.codeUnknown', unreachable: 'family.errors.codeUnchecked' } as const;

/** The rule of each text-entry field. */
export const TEXT_FIELD_RULES: Record<TextField, (input: string, locale?: string) => FieldResult> = {
  name: checkName,
  circleName: (input) => checkCircleName(input),
  code: (input) => checkCode(input),
};

/** How a stored value is shown back in its field (the code grouped, the others as stored). */
export function displayValue(field: TextField, stored: string): string {
  return field === 'code' && isCodeShape(stored) ? formatCode(stored) : stored;
}
