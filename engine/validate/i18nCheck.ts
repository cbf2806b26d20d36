/**
 * Every i18n key the flow files use must exist in every locale file; every declared language has its
 * locale file; the texts keep the fallback language's placeholders and have their language's plural forms (localeTexts.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { languageCodes, type LanguageList } from '../core/languages.ts';
import { loadJson, issueAt, relPath } from './load.ts';
import { checkLocaleTexts, checkRichTextTags, type LocaleDoc } from './localeTexts.ts';
import { readFileSync } from 'node:fs';
import type { KeyUse } from './schemaCheck.ts';
import { didYouMean } from './suggest.ts';
import { isObj, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

// the last locale text check: unchanged locale files (the same cached documents) give the same findings
let lastTextCheck: { docs: JsonDoc[]; reference: string; commerceTexts: readonly string[]; issues: ValidationIssue[] } | undefined;

/** checkLocaleTexts, reused while the locale documents and the reference language stay the same. */
function localeTextIssues(locales: LocaleDoc[], reference: string, commerceTexts: readonly string[]): ValidationIssue[] {
  const docs = locales.map((l) => l.doc);
  const same =
    lastTextCheck &&
    lastTextCheck.reference === reference &&
    lastTextCheck.commerceTexts.join('\n') === commerceTexts.join('\n') &&
    lastTextCheck.docs.length === docs.length &&
    lastTextCheck.docs.every((d, i) => d === docs[i]);
  if (!same) lastTextCheck = { docs, reference, commerceTexts, issues: checkLocaleTexts(locales, reference, commerceTexts) };
  return lastTextCheck!.issues;
}

/** The tags texts may hold: common.schema.json `richTextTag` (none when it cannot be read). */
function richTextTags(root: string): Set<string> {
  try {
    const common = JSON.parse(readFileSync(join(root, 'schemas', 'common.schema.json'), 'utf8')) as { definitions?: { richTextTag?: { enum?: unknown } } };
    const tags = common.definitions?.richTextTag?.enum;
    return new Set(Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : []);
  } catch {
    return new Set();
  }
}

/** True when a locale has a non-empty text for `key` (nested by dots, or i18next plural forms). */
export function hasKey(locale: Obj, key: string): boolean {
  if (typeof locale[key] === 'string' && locale[key] !== '') return true;
  const parts = key.split('.');
  const last = parts.pop()!;
  let cur: unknown = locale;
  for (const part of parts) cur = isObj(cur) ? cur[part] : undefined;
  if (!isObj(cur)) return false;
  return [last, `${last}_one`, `${last}_other`].some((k) => typeof cur[k] === 'string' && cur[k] !== '');
}

/** Every dotted key of a locale with a text. */
export function localeKeys(locale: Obj, prefix = ''): string[] {
  return Object.entries(locale).flatMap(([k, v]) => (isObj(v) ? localeKeys(v, `${prefix}${k}.`) : typeof v === 'string' ? [prefix + k] : []));
}

/** Checks the locale files of the languages in `localesDir` against the keys used; returns the issues and the files read. */
export async function checkI18n(
  root: string,
  localesDir: string,
  languages: LanguageList,
  uses: KeyUse[],
  commerceTexts: readonly string[] = [],
): Promise<{ issues: ValidationIssue[]; files: string[] }> {
  const codes = languageCodes(languages);
  const reference = relPath(root, join(localesDir, `${languages.fallback}.json`));
  const issues: ValidationIssue[] = [];
  const files: string[] = [];
  const locales: LocaleDoc[] = [];
  for (const lang of codes) {
    const abs = join(localesDir, `${lang}.json`);
    const file = relPath(root, abs);
    if (!existsSync(abs)) {
      issues.push({
        file,
        line: 1,
        col: 1,
        pointer: '',
        code: 'missing-locale',
        message: `locale file ${file} is missing; every i18n key must exist in all ${codes.length} languages`,
        hint: `create it with a translation of every key of ${reference}`,
      });
      continue;
    }
    files.push(file);
    const loaded = await loadJson(root, abs);
    issues.push(...loaded.issues);
    if (!loaded.doc) continue;
    if (!isObj(loaded.doc.data))
      issues.push(
        issueAt(loaded.doc, '', 'invalid-locale', `${file} must hold a JSON object of texts`, `write { "section": { "key": "text" } } as in ${reference}`),
      );
    else locales.push({ lang, doc: loaded.doc, data: loaded.doc.data });
  }
  const known = new Set(locales.flatMap((l) => localeKeys(l.data)));
  const counts = new Map<string, number>();
  for (const use of uses) counts.set(use.key, (counts.get(use.key) ?? 0) + 1);
  const seen = new Set<string>();
  for (const use of uses) {
    if (seen.has(use.key)) continue;
    seen.add(use.key);
    const missing = locales.filter((l) => !hasKey(l.data, use.key)).map((l) => l.lang);
    if (!missing.length) continue;
    const count = counts.get(use.key)!;
    const all = missing.length === locales.length;
    issues.push(
      issueAt(
        use.doc,
        use.pointer,
        'missing-translation',
        `i18n key "${use.key}" is missing from ${missing.join(', ')} (${missing.length} of ${locales.length} locales${count > 1 ? `; used ${count} times` : ''})`,
        (all ? (didYouMean(use.key, known) ?? `add it to every file of ${relPath(root, localesDir)}/`) : undefined) ??
          `add it to ${missing.map((l) => relPath(root, join(localesDir, `${l}.json`))).join(', ')}`,
      ),
    );
  }
  issues.push(...localeTextIssues(locales, languages.fallback, commerceTexts));
  issues.push(...checkRichTextTags(locales, richTextTags(root)));
  return { issues, files };
}
