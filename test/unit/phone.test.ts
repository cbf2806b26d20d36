import { checkPhone, dialCode, formatTyping, guessCountry, isCountry, storedDisplay } from '../../screens/phone-number/model.ts';
import { countryOptions, foldForSearch, searchCountries } from '../../screens/phone-number/countryList.ts';

describe('country guess from the browser languages', () => {
  it('uses the region of the language tag, or the likely region of a bare language', () => {
    expect(guessCountry(['en-GB'])).toBe('GB');
    expect(guessCountry(['de'])).toBe('DE');
    expect(guessCountry(['uk'])).toBe('UA');
    expect(guessCountry(['pt-BR'])).toBe('BR');
    expect(guessCountry(['ja'])).toBe('JP');
    expect(guessCountry(['en'])).toBe('US');
  });

  it('skips tags that name no country and falls back to the US', () => {
    expect(guessCountry(['es-419', 'fr-CA'])).toBe('CA');
    expect(guessCountry(['not a tag!', 'x'])).toBe('US');
    expect(guessCountry([])).toBe('US');
    expect(guessCountry([], 'DE')).toBe('DE');
  });
});

describe('formatting as the visitor types', () => {
  it('formats a national number for the chosen country', () => {
    expect(formatTyping('2025550123', 'US')).toEqual({ display: '(202) 555-0123' });
    expect(formatTyping('202555', 'US').display).toBe('(202) 555');
    expect(formatTyping('03012345678', 'DE').display).toBe('030 12345678');
  });

  it('follows an international number to its country, but keeps a country with the same dial code', () => {
    expect(formatTyping('+49 30 12345678', 'US')).toEqual({ display: '+49 30 12345678', country: 'DE' });
    expect(formatTyping('+1 202 555 0123', 'US').country).toBeUndefined();
    expect(formatTyping('+44 20 7946 0958', 'GB').country).toBeUndefined();
  });
});

describe('phone validation', () => {
  it('accepts a valid number and stores E.164', () => {
    expect(checkPhone('(202) 555-0123', 'US')).toEqual({ ok: true, e164: '+12025550123', country: 'US' });
    expect(checkPhone('020 7946 0958', 'GB')).toEqual({ ok: true, e164: '+442079460958', country: 'GB' });
    expect(checkPhone('+49 30 12345678', 'US')).toEqual({ ok: true, e164: '+493012345678', country: 'DE' });
  });

  it('refuses an empty number and one that is wrong for the country', () => {
    expect(checkPhone('', 'US')).toEqual({ ok: false, error: 'family.errors.phoneRequired' });
    expect(checkPhone('abc', 'US')).toEqual({ ok: false, error: 'family.errors.phoneRequired' });
    expect(checkPhone('12345', 'US')).toEqual({ ok: false, error: 'family.errors.phoneInvalid' });
    expect(checkPhone('202555012345678', 'US')).toEqual({ ok: false, error: 'family.errors.phoneInvalid' });
    expect(checkPhone('030 1', 'DE')).toEqual({ ok: false, error: 'family.errors.phoneInvalid' });
  });

  it('shows a stored number again in national format for its country', () => {
    expect(storedDisplay('+12025550123', 'US')).toBe('(202) 555-0123');
    expect(storedDisplay('+493012345678', 'US')).toBe('+49 30 12345678');
    expect(storedDisplay('', 'US')).toBe('');
  });

  it('knows dial codes and country codes', () => {
    expect(dialCode('GB')).toBe('+44');
    expect(dialCode('UA')).toBe('+380');
    expect(isCountry('DE')).toBe(true);
    expect(isCountry('XX')).toBe(false);
  });
});

describe('country list', () => {
  it('names countries in the visitor language, sorted for it, with dial codes', () => {
    const de = countryOptions('de');
    const gb = de.find((c) => c.code === 'GB')!;
    expect(gb).toMatchObject({ name: 'Vereinigtes Königreich', dialCode: '+44' });
    const names = de.map((c) => c.name);
    expect(names.indexOf('Österreich')).toBeGreaterThan(names.indexOf('Norwegen'));
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
    expect(countryOptions('en').length).toBeGreaterThan(200);
  });

  it('searches by local name, English name, accent-free text, ISO code and dial code', () => {
    const de = countryOptions('de');
    expect(searchCountries(de, 'vereinigtes k')[0]!.code).toBe('GB');
    expect(searchCountries(de, 'united kingdom').map((c) => c.code)).toContain('GB');
    expect(searchCountries(de, 'osterr')[0]!.code).toBe('AT');
    expect(searchCountries(de, 'ua')[0]!.code).toBe('UA');
    expect(searchCountries(de, '+380').map((c) => c.code)).toEqual(['UA']);
    expect(searchCountries(de, '44').map((c) => c.code)).toEqual(expect.arrayContaining(['GB', 'GG', 'JE', 'IM']));
    expect(searchCountries(de, 'zzzz')).toEqual([]);
    expect(searchCountries(de, '   ')).toHaveLength(de.length);
  });

  it('folds accents for the search', () => {
    expect(foldForSearch('Türkiye')).toBe('turkiye');
    expect(foldForSearch('Österreich')).toBe('osterreich');
  });
});
