/** One language list: every consumer reads engine/core/languages.ts. */
import { browserLocale, FALLBACK_LANGUAGE, LANGUAGES } from '../../engine/index.ts';
import { supportedLanguage } from '../../engine/index.ts';
import { LANGUAGES as VALIDATED_LANGUAGES } from '../../engine/validate/index.ts';
import { languageScript } from '../../scripts/build/languageScript.ts';

describe('the language list', () => {
  it('is the one the validator checks and the page script chooses from', () => {
    expect(VALIDATED_LANGUAGES).toBe(LANGUAGES);
    expect(languageScript()).toContain(JSON.stringify(LANGUAGES));
    expect(LANGUAGES).toContain(FALLBACK_LANGUAGE);
  });

  it('gives each language a browser locale of that language, which the language choice maps back to it', () => {
    for (const language of LANGUAGES) {
      const locale = browserLocale(language);
      expect(locale).toMatch(new RegExp(`^${language}-[A-Z]{2}$`));
      expect(supportedLanguage(locale)).toBe(language);
    }
  });
});
