import {
  CODE_ALPHABET,
  CODE_LENGTH,
  capitaliseFirst,
  checkAddress,
  checkCircleName,
  checkCode,
  checkName,
  displayValue,
  errorTextOptions,
  formatCode,
  generateCode,
  isCodeShape,
  normaliseCode,
  TEXT_FIELD_RULES,
} from '../../screens/product/family.ts';

describe('name rule (spec section 5: trimmed, first letter capitalised)', () => {
  it('trims, collapses spaces and capitalises the first letter only', () => {
    expect(checkName('  anna   maria  ')).toEqual({ ok: true, value: 'Anna maria' });
    expect(checkName('mcDonald')).toEqual({ ok: true, value: 'McDonald' });
  });

  it('capitalises beyond ASCII and respects the locale', () => {
    expect(checkName('élodie')).toEqual({ ok: true, value: 'Élodie' });
    expect(checkName('олена')).toEqual({ ok: true, value: 'Олена' });
    expect(capitaliseFirst('istanbul', 'tr')).toBe('İstanbul');
    expect(checkName('李雷')).toEqual({ ok: true, value: '李雷' });
  });

  it('refuses an empty, blank, too long or letter-free name', () => {
    expect(checkName('')).toEqual({ ok: false, error: 'family.errors.nameRequired' });
    expect(checkName('   \t ')).toEqual({ ok: false, error: 'family.errors.nameRequired' });
    expect(checkName('a'.repeat(41))).toEqual({ ok: false, error: 'family.errors.nameTooLong' });
    expect(checkName('a'.repeat(40)).ok).toBe(true);
    expect(checkName('1234')).toEqual({ ok: false, error: 'family.errors.nameLetters' });
  });
});

describe('Circle name rule', () => {
  it('trims and collapses spaces, keeping the case as typed', () => {
    expect(checkCircleName('  the   Smiths ')).toEqual({ ok: true, value: 'the Smiths' });
    expect(checkCircleName('42')).toEqual({ ok: true, value: '42' });
  });

  it('refuses empty, 1-character, over-30-character and symbol-only names', () => {
    expect(checkCircleName(' ')).toEqual({ ok: false, error: 'family.errors.circleNameRequired' });
    expect(checkCircleName('A')).toEqual({ ok: false, error: 'family.errors.circleNameTooShort' });
    expect(checkCircleName('x'.repeat(31))).toEqual({ ok: false, error: 'family.errors.circleNameTooLong' });
    expect(checkCircleName('x'.repeat(30)).ok).toBe(true);
    expect(checkCircleName('!!!')).toEqual({ ok: false, error: 'family.errors.circleNameLetters' });
  });
});

describe('invite code shape', () => {
  it('ignores case, spaces and dashes', () => {
    expect(normaliseCode(' k7p-4qx ')).toBe('K7P4QX');
    expect(checkCode('abc 234')).toEqual({ ok: true, value: 'ABC234' });
    expect(checkCode('AB–C2–34')).toEqual({ ok: true, value: 'ABC234' });
  });

  it('refuses a wrong length, 0 and 1, and other characters', () => {
    expect(checkCode('')).toEqual({ ok: false, error: 'family.errors.codeRequired' });
    expect(checkCode(' - ')).toEqual({ ok: false, error: 'family.errors.codeRequired' });
    expect(checkCode('ABC23')).toEqual({ ok: false, error: 'family.errors.codeShape' });
    expect(checkCode('ABC2345')).toEqual({ ok: false, error: 'family.errors.codeShape' });
    expect(checkCode('ABC210')).toEqual({ ok: false, error: 'family.errors.codeShape' });
    expect(checkCode('ABC23!')).toEqual({ ok: false, error: 'family.errors.codeShape' });
    expect(checkCode('ÄBC234')).toEqual({ ok: false, error: 'family.errors.codeShape' });
  });

  it('groups a code 3 + 3 for display', () => {
    expect(formatCode('K7P4QX')).toBe('K7P-4QX');
    expect(displayValue('code', 'K7P4QX')).toBe('K7P-4QX');
    expect(displayValue('name', 'Anna')).toBe('Anna');
  });
});

describe('invite code generation', () => {
  it('makes codes of the accepted shape', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateCode();
      expect(code).toHaveLength(CODE_LENGTH);
      expect(isCodeShape(code)).toBe(true);
      expect(checkCode(code)).toEqual({ ok: true, value: code });
    }
  });

  it('maps bytes onto the alphabet and skips the bytes that would bias the draw', () => {
    // 256 % 34 = 18: bytes from 238 up are thrown away
    const bytes = [255, 238, 0, 1, 33, 34, 237, 100];
    const random = (target: Uint8Array): Uint8Array => {
      target.fill(0);
      bytes.forEach((b, i) => (target[i] = b));
      return target;
    };
    expect(generateCode(random)).toBe([0, 1, 33, 34 % 34, 237 % 34, 100 % 34].map((i) => CODE_ALPHABET[i]).join(''));
  });

  it('keeps drawing when a whole batch is rejected', () => {
    let calls = 0;
    const random = (target: Uint8Array): Uint8Array => {
      calls += 1;
      return target.fill(calls === 1 ? 250 : 2);
    };
    expect(generateCode(random)).toBe('CCCCCC');
    expect(calls).toBe(2);
  });
});

describe('home address rule', () => {
  it('accepts a street address, trimmed', () => {
    expect(checkAddress('  12   Oak Street, Springfield ')).toEqual({ ok: true, value: '12 Oak Street, Springfield' });
  });

  it('refuses empty, too short, number-only and too long addresses', () => {
    expect(checkAddress('')).toEqual({ ok: false, error: 'family.errors.addressRequired' });
    expect(checkAddress('Oak')).toEqual({ ok: false, error: 'family.errors.addressShort' });
    expect(checkAddress('123456')).toEqual({ ok: false, error: 'family.errors.addressShort' });
    expect(checkAddress('a'.repeat(201))).toEqual({ ok: false, error: 'family.errors.addressTooLong' });
  });
});

describe('text field rules map', () => {
  it('has one rule per text-entry field', () => {
    expect(TEXT_FIELD_RULES.name(' bob ')).toEqual({ ok: true, value: 'Bob' });
    expect(TEXT_FIELD_RULES.circleName(' Bobs ')).toEqual({ ok: true, value: 'Bobs' });
    expect(TEXT_FIELD_RULES.code('bob-234')).toEqual({ ok: true, value: 'BOB234' });
  });
});

describe('errorTextOptions', () => {
  it('gives each limit text the number it counts, for its plural form', () => {
    expect(errorTextOptions('family.errors.nameTooLong')).toEqual({ count: 40 });
    expect(errorTextOptions('family.errors.circleNameTooShort')).toEqual({ count: 2 });
    expect(errorTextOptions('family.errors.circleNameTooLong')).toEqual({ count: 30 });
    expect(errorTextOptions('family.errors.codeShape')).toEqual({ count: CODE_LENGTH });
    expect(errorTextOptions('family.errors.addressTooLong')).toEqual({ count: 200 });
  });

  it('adds nothing to a text without a number', () => {
    expect(errorTextOptions('family.errors.nameRequired')).toEqual({});
  });
});
