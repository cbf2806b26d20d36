/** An i18next instance over one language's locale file, for the tests of generated sentences. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';

const root = new URL('../../', import.meta.url).pathname;

/** The `t` of a fresh i18next instance holding locales/<language>.json. */
export async function localeTranslator(language: string): Promise<TFunction> {
  const instance = i18next.createInstance();
  const resources = JSON.parse(readFileSync(join(root, 'locales', `${language}.json`), 'utf8'));
  await instance.init({ lng: language, resources: { [language]: { translation: resources } }, interpolation: { escapeValue: false } });
  return instance.t;
}
