/** One language list, declared by the product (screens/product/languages.ts) and read by every consumer. */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { browserLocale, chooseLanguage, languageCodes, supportedLanguage, type LanguageList } from '../../engine/index.ts';
import { detectLanguage } from '../../engine/react/index.ts';
import { languageListProblems, loadLanguages } from '../../engine/validate/index.ts';
import { languageScript } from '../../engine/build/index.ts';
import { funnel } from '../../screens/funnel.ts';
import { languages } from '../../screens/product/languages.ts';
import project from '../../funnel.config.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the language list', () => {
  it('is the one the composition, the project configuration, the validator and the page script use', async () => {
    expect(funnel.languages).toBe(languages);
    expect(project.languages).toBe(languages);
    const validated = await loadLanguages(root, `${root}screens/product/languages.ts`);
    expect(validated.issues).toEqual([]);
    expect(validated.languages).toBe(languages);
    expect(languageScript(project.languages)).toContain(JSON.stringify(languageCodes(languages)));
    expect(languageScript(project.languages)).toContain(`F=${JSON.stringify(languages.fallback)}`);
    expect(languageListProblems(languages)).toEqual([]);
  });

  it('has a locale file per language and no other', () => {
    const files = readdirSync(`${root}locales`).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.slice(0, -5)).sort()).toEqual(languageCodes(languages).sort());
  });

  it('gives each language a browser locale of that language, which the language choice maps back to it', () => {
    for (const language of languageCodes(languages)) {
      const locale = browserLocale(languages, language);
      expect(locale).toMatch(new RegExp(`^${language}-[A-Z]{2}$`));
      expect(supportedLanguage(languages, locale)).toBe(language);
    }
  });
});

describe('the engine with another product list', () => {
  // a funnel in German and Dutch only, German first: nothing of the engine assumes English or 13 languages
  const other: LanguageList = { locales: { de: 'de-DE', nl: 'nl-NL' }, fallback: 'de' };

  it('chooses only among the declared languages, falling back to the declared fallback', () => {
    expect(chooseLanguage(other, { preferred: ['nl-BE'] })).toBe('nl');
    expect(chooseLanguage(other, { query: 'en', preferred: ['fr-FR'] })).toBe('de');
    expect(detectLanguage(other, '?lng=nl', ['de-DE'])).toBe('nl');
    expect(supportedLanguage(other, 'en-US')).toBeUndefined();
  });

  it('names what is wrong with a list', () => {
    expect(languageListProblems({ locales: { de: 'de-DE' }, fallback: 'en' })).toEqual(['the fallback "en" is not one of the languages (de)']);
    expect(languageListProblems({ locales: { 'pt-BR': 'pt-BR', en: 'en-US' }, fallback: 'en' })).toEqual([
      '"pt-BR" is not a lower-case language code such as "de"',
    ]);
    expect(languageListProblems({ locales: {}, fallback: 'en' })).toHaveLength(2);
  });
});
