/**
 * The sandbox card form's rules (React-free): formatting as the visitor types, and the checks that
 * make the form valid (Luhn, a future MM/YY expiry, a 3- or 4-digit CVC, a name). Which card is
 * declined is not decided here: the sandbox server decides, like Stripe.
 */

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardFields;

/** i18n keys of the field errors. */
export const FIELD_ERROR_KEYS = {
  number: 'checkout.card.errors.number',
  expiry: 'checkout.card.errors.expiry',
  expired: 'checkout.card.errors.expired',
  cvc: 'checkout.card.errors.cvc',
  name: 'checkout.card.errors.name',
} as const;

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** The Luhn checksum over 12 to 19 digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** American Express numbers are 15 digits in 4-6-5 groups with a 4-digit CVC. */
const isAmex = (digits: string): boolean => /^3[47]/.test(digits);

/** Groups the digits as they appear on the card. @example formatCardNumber('4242424242424242') // '4242 4242 4242 4242' */
export function formatCardNumber(value: string): string {
  const digits = onlyDigits(value).slice(0, 19);
  if (isAmex(digits)) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Formats the expiry as MM/YY while typing. @example formatExpiry('1234') // '12/34' */
export function formatExpiry(value: string, previous = ''): string {
  let digits = onlyDigits(value).slice(0, 4);
  // "4" can only be April: complete it to "04"
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // deleting the slash also deletes the digit before it
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  if (digits.length >= 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

/** Month and two-digit year of an MM/YY value, or undefined. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** The CVC length the card number asks for. */
export const cvcLength = (number: string): number => (isAmex(onlyDigits(number)) ? 4 : 3);

/**
 * The error key of each invalid field (empty fields included).
 * @example cardErrors({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada' }, new Date()) // {}
 */
export function cardErrors(fields: CardFields, now: Date): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = onlyDigits(fields.number);
  if (!luhnValid(digits) || (isAmex(digits) && digits.length !== 15)) errors.number = FIELD_ERROR_KEYS.number;
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) errors.expiry = FIELD_ERROR_KEYS.expiry;
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1))
    errors.expiry = FIELD_ERROR_KEYS.expired;
  else if (expiry.year > now.getFullYear() + 20) errors.expiry = FIELD_ERROR_KEYS.expiry;
  if (onlyDigits(fields.cvc).length !== cvcLength(fields.number) || fields.cvc.trim() !== onlyDigits(fields.cvc)) errors.cvc = FIELD_ERROR_KEYS.cvc;
  if (fields.name.trim().length < 2) errors.name = FIELD_ERROR_KEYS.name;
  return errors;
}
