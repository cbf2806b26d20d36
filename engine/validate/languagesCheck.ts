/**
 * The funnel's languages as the validator sees them: read from the product module that declares them
 * (its `languages` export, the list defineFunnel gets), so the locale checks and the build use one list.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { languageCodes, type LanguageList } from '../core/languages.ts';
import { fileIssue, relPath } from './load.ts';
import type { ValidationIssue } from './types.ts';

/** What is wrong with a language list (empty when nothing): codes must be lower-case base codes and the fallback one of them. */
export function languageListProblems(languages: LanguageList): string[] {
  const codes = languageCodes(languages);
  const problems = codes.filter((c) => !/^[a-z]{2,3}$/.test(c)).map((c) => `"${c}" is not a lower-case language code such as "de"`);
  if (!codes.length) problems.push('the list is empty');
  if (!codes.includes(languages.fallback)) problems.push(`the fallback "${languages.fallback}" is not one of the languages (${codes.join(', ')})`);
  return problems;
}

/** The export of the languages module that holds the list. */
export const LANGUAGES_EXPORT = 'languages';

const isLanguageList = (value: unknown): value is LanguageList =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LanguageList).fallback === 'string' &&
  typeof (value as LanguageList).locales === 'object' &&
  (value as LanguageList).locales !== null &&
  Object.values((value as LanguageList).locales).every((locale) => typeof locale === 'string');

/** Loads the language list of `languagesFile`; without a usable list the locale checks have no languages to check. */
export async function loadLanguages(root: string, languagesFile: string): Promise<{ languages?: LanguageList; issues: ValidationIssue[] }> {
  const file = relPath(root, languagesFile);
  const example = `export const ${LANGUAGES_EXPORT} = { locales: { en: 'en-US', de: 'de-DE' }, fallback: 'en' } satisfies LanguageList`;
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(languagesFile).href)) as Record<string, unknown>;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      issues: [
        fileIssue(
          file,
          'missing-file',
          `the languages module ${file} cannot be loaded (${reason})`,
          'check the path given with --languages (default screens/product/languages.ts)',
        ),
      ],
    };
  }
  const languages = module[LANGUAGES_EXPORT];
  if (!isLanguageList(languages)) {
    return { issues: [fileIssue(file, 'missing-file', `${file} has no language list in its export "${LANGUAGES_EXPORT}"`, example)] };
  }
  const problems = languageListProblems(languages);
  if (problems.length) {
    return { issues: problems.map((p) => fileIssue(file, 'invalid-value', `the language list of ${file}: ${p}`, example)) };
  }
  return { languages, issues: [] };
}

/** A locale file of `localesDir` whose language the list does not declare: the build would never ship it. */
export function checkUndeclaredLocales(root: string, localesDir: string, languagesFile: string, languages: LanguageList): ValidationIssue[] {
  const declared = new Set(languageCodes(languages));
  const files = existsSync(localesDir) ? readdirSync(localesDir).filter((n) => n.endsWith('.json')) : [];
  return files
    .map((name) => name.slice(0, -'.json'.length))
    .filter((code) => !declared.has(code))
    .map((code) =>
      fileIssue(
        relPath(root, join(localesDir, `${code}.json`)),
        'undeclared-locale',
        `locale file ${code}.json has no entry in the language list of ${relPath(root, languagesFile)}`,
        `add ${code}: '<browser locale, e.g. ${code}-${code.toUpperCase()}>' to its locales, or remove the file`,
      ),
    );
}
