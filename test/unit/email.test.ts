import { checkEmail, isValidEmail, normalizeEmail } from '../../engine/index.ts';

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

describe('checkEmail: addresses no one can receive mail on', () => {
  it.each([
    ['a zero-width space', 'an\u200Bna@example.com'],
    ['a zero-width joiner', 'anna@exa\u200Dmple.com'],
    ['a byte order mark', 'an\uFEFFna@example.com'],
    ['a right-to-left override', 'anna@\u202Eexample.com'],
    ['a soft hyphen', 'an\u00ADna@example.com'],
    ['a word joiner', 'anna\u2060@example.com'],
    ['a Hangul filler', 'anna\u3164@example.com'],
  ])('refuses %s as invisible', (_what, email) => expect(checkEmail(email)).toEqual({ ok: false, problem: 'invisible' }));

  it.each([
    ['full-width letters', '\uFF41\uFF4E\uFF4E\uFF41@example.com'],
    ['a full-width at sign', 'anna\uFF20example.com'],
    ['styled mathematical letters', '\u{1D41A}nna@example.com'],
    ['a ligature', 'o\uFB03ce@example.com'],
    ['a circled letter', 'anna@\u24D4xample.com'],
  ])('refuses %s as look-alikes (NFKC would change them)', (_what, email) => expect(checkEmail(email)).toEqual({ ok: false, problem: 'lookalike' }));

  it('accepts an accent typed as two code points, stored composed', () => {
    expect(checkEmail('ju\u0308rgen@example.de')).toEqual({ ok: true, email: 'j\u00FCrgen@example.de' });
  });

  it('keeps the shape rules: a plain mistake is a format problem', () => {
    expect(checkEmail('anna@example')).toEqual({ ok: false, problem: 'format' });
    expect(checkEmail(' anna@example.com ')).toEqual({ ok: true, email: 'anna@example.com' });
  });
});
