import { isValidEmail, normalizeEmail } from '../../screens/product/email.ts';

describe('isValidEmail', () => {
  it.each(['anna@example.com', 'a.b+tag@sub.example.co.uk', '  anna@example.com  ', 'jürgen@müller.de', 'x@xn--80ak6aa92e.com', "o'neil@example.ie"])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );
  it.each([
    '',
    'anna',
    'anna@',
    '@example.com',
    'anna@example',
    'anna@example.c',
    'an na@example.com',
    'anna@@example.com',
    'anna@ex ample.com',
    '.anna@example.com',
    'an..na@example.com',
    'anna@-example.com',
    'anna@example..com',
    'anna@example.com.',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %j', (email) => expect(isValidEmail(email)).toBe(false));
  it('trims the address', () => expect(normalizeEmail('  a@b.co ')).toBe('a@b.co'));
});
