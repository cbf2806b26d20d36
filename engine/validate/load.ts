/** Reads JSON files with source positions, and turns (file, JSON pointer) into a located issue. */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { createRequire } from 'node:module';
import { lineCol, scanJson } from './jsonSyntax.ts';
import type { Anchor, JsonDoc, ValidationIssue } from './types.ts';

// a CommonJS package whose named exports Node's ESM loader cannot see
const { parse } = createRequire(import.meta.url)('@mischnic/json-sourcemap') as typeof import('@mischnic/json-sourcemap');

/** A file read from disk: a parsed document, or the issues that stopped it from parsing. */
export type Loaded = { doc: JsonDoc; issues: ValidationIssue[] } | { doc?: undefined; issues: ValidationIssue[] };

/** The path of `abs` relative to the root, with forward slashes. */
export function relPath(root: string, abs: string): string {
  return relative(root, abs).split('\\').join('/');
}

/**
 * Reads and parses one JSON file. A syntax error is itself an issue (code `json-syntax`) and the
 * file yields no document; duplicate keys are reported (code `duplicate-key`) and the last one wins.
 * `positions: false` skips the source map (for large files whose values are never pointed at).
 */
export async function loadJson(root: string, abs: string, { positions = true } = {}): Promise<Loaded> {
  const file = relPath(root, abs);
  let text: string;
  try {
    text = await readFile(abs, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${String(error)})`;
    return { issues: [{ file, line: 1, col: 1, pointer: '', code: 'missing-file', message: `${file} ${reason}` }] };
  }
  if (text.charCodeAt(0) === 0xfeff) text = ' ' + text.slice(1);
  const scan = scanJson(text);
  const issues: ValidationIssue[] = scan.duplicates.map((d) => ({
    file, ...lineCol(text, d.offset), pointer: d.pointer, code: 'duplicate-key',
    message: `key "${d.key}" occurs twice in the same object; JSON keeps only the last one`,
    hint: 'rename or merge one of them',
  }));
  if (scan.error) {
    issues.push({ file, ...lineCol(text, scan.error.offset), pointer: '', code: 'json-syntax', message: `invalid JSON: ${scan.error.message}`, hint: 'the file is skipped for the other checks until it parses' });
    return { issues };
  }
  if (!positions) return { doc: { file, data: JSON.parse(text) as unknown, pointers: {} }, issues };
  try {
    const { data, pointers } = parse(text, undefined, { dialect: 'JSON', tabWidth: 1 });
    return { doc: { file, data: data as unknown, pointers }, issues };
  } catch (error) {
    issues.push({ file, line: 1, col: 1, pointer: '', code: 'json-syntax', message: `invalid JSON: ${(error as Error).message}` });
    return { issues };
  }
}

/**
 * 1-based line and column of a pointer in a document: the value, or the key for `anchor: 'key'`
 * (falling back to the value for the root or array items). An unknown pointer uses its nearest parent.
 */
export function locate(doc: JsonDoc, pointer: string, anchor: Anchor = 'value'): { line: number; col: number } {
  let p = pointer;
  while (!(p in doc.pointers) && p !== '') p = p.slice(0, p.lastIndexOf('/'));
  const mapping = doc.pointers[p];
  if (!mapping) return { line: 1, col: 1 };
  const pos = anchor === 'key' && 'key' in mapping && mapping.key ? mapping.key : mapping.value;
  return { line: pos.line + 1, col: pos.column + 1 };
}

/** An issue at a pointer of a document. */
export function issueAt(doc: JsonDoc, pointer: string, code: string, message: string, hint?: string, anchor: Anchor = 'value'): ValidationIssue {
  return { file: doc.file, ...locate(doc, pointer, anchor), pointer, code, message, ...(hint ? { hint } : {}) };
}

/** The value at a JSON pointer, or undefined. */
export function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let cur: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
