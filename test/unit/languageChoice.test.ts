import { chooseLanguage, cookieValue, parseAcceptLanguage, supportedLanguage } from '../../engine/index.ts';
import { detectLanguage } from '../../engine/react/index.ts';
import { languages } from '../../screens/product/languages.ts';
import { unsupportedLocales } from '../unsupportedLocales.ts';

const [unsupported, anotherUnsupported] = unsupportedLocales(languages);
const languageOf = (locale: string): string => new Intl.Locale(locale).language;

describe('the language rule shared by the server and the browser', () => {
  it('takes ?lng= first, then the stored choice, then the browser, else English', () => {
    expect(chooseLanguage(languages, { query: 'ja', stored: 'de', preferred: ['fr'] })).toBe('ja');
    expect(chooseLanguage(languages, { query: 'xx', stored: 'de', preferred: ['fr'] })).toBe('de');
    expect(chooseLanguage(languages, { query: null, stored: undefined, preferred: [unsupported, 'pt-BR'] })).toBe('pt');
    expect(chooseLanguage(languages, { preferred: [languageOf(unsupported), languageOf(anotherUnsupported)] })).toBe('en');
  });

  it('reads Accept-Language by quality, keeping the order of equal ones', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-DE, en;q=0.8')).toEqual(['de-DE', 'en', 'fr']);
    expect(parseAcceptLanguage('*;q=0.1, zh-TW;q=0, es')).toEqual(['es']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('reads the lng cookie and maps regional codes', () => {
    expect(cookieValue('userUuid=abc; lng=uk; other=1', 'lng')).toBe('uk');
    expect(cookieValue('', 'lng')).toBeUndefined();
    expect(supportedLanguage(languages, 'ZH_tw')).toBe('zh');
    expect(supportedLanguage(languages, languageOf(unsupported))).toBeUndefined();
  });

  it('is what the browser applies too, cookie included', () => {
    expect(detectLanguage(languages, '', ['fr-FR'], 'lng=de')).toBe('de');
    expect(detectLanguage(languages, '?lng=ar', ['fr-FR'], 'lng=de')).toBe('ar');
  });
});
