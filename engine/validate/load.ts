/** Reads JSON files with source positions, and turns (file, JSON pointer) into a located issue. */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { parseJson, positions, type Mapping } from './jsonParse.ts';
import type { IssueCode } from './codes.ts';
import type { Anchor, JsonDoc, ValidationIssue } from './types.ts';

/** A file read from disk: a parsed document, or the issues that stopped it from parsing. */
export type Loaded = { doc: JsonDoc; issues: ValidationIssue[] } | { doc?: undefined; issues: ValidationIssue[] };

/** The path of `abs` relative to the root, with forward slashes. */
export function relPath(root: string, abs: string): string {
  return relative(root, abs).split('\\').join('/');
}

/** An issue about a whole file (a module that is missing, cannot be loaded or lacks its export), placed at its start. */
export function fileIssue(file: string, code: ValidationIssue['code'], message: string, hint: string): ValidationIssue {
  return { file, line: 1, col: 1, pointer: '', code, message, hint };
}

/**
 * Reads and parses one JSON file. A syntax error is itself an issue (code `json-syntax`) and the
 * file yields no document; duplicate keys are reported (code `duplicate-key`) and the last one wins.
 * A UTF-8 byte order mark is an error (code `byte-order-mark`): the build and the browser read these
 * files with parsers that reject it. The rest of the file is still checked.
 */
export async function loadJson(root: string, abs: string): Promise<Loaded> {
  const file = relPath(root, abs);
  let text: string;
  try {
    text = await readFile(abs, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${String(error)})`;
    return { issues: [{ file, line: 1, col: 1, pointer: '', code: 'missing-file', message: `${file} ${reason}`, hint: 'create the file or fix the path' }] };
  }
  // the same text parses to the same document: a process that validates again (the dev server, on
  // every save) parses only the files that changed; the cached document is the same object, which
  // lets later checks of unchanged files be reused too (checkLocaleTexts)
  const cached = parsedFiles.get(abs);
  if (cached && cached.text === text && cached.file === file) return cached.loaded;
  const loaded = parseLoaded(file, text);
  parsedFiles.set(abs, { text, file, loaded });
  return loaded;
}

const parsedFiles = new Map<string, { text: string; file: string; loaded: Loaded }>();

function parseLoaded(file: string, text: string): Loaded {
  const issues: ValidationIssue[] = [];
  if (text.charCodeAt(0) === 0xfeff) {
    issues.push({
      file,
      line: 1,
      col: 1,
      pointer: '',
      code: 'byte-order-mark',
      message: 'the file starts with a UTF-8 byte order mark (BOM), which JSON.parse rejects',
      hint: 'save the file as UTF-8 without BOM',
    });
    text = text.slice(1);
  }
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { line, col, message, tooDeep } = parsed.error;
    issues.push(
      tooDeep
        ? {
            file,
            line,
            col,
            pointer: '',
            code: 'too-deep',
            message: `${message}, the first one here`,
            hint: 'flatten the data (no flow, landing, plan or locale needs more than a few levels); the checks across files run once it parses',
          }
        : {
            file,
            line,
            col,
            pointer: '',
            code: 'json-syntax',
            message: `invalid JSON: ${message}`,
            hint: 'fix the syntax here; the checks across files run once it parses',
          },
    );
    return { issues };
  }
  for (const d of parsed.duplicates) {
    issues.push({
      file,
      line: d.line,
      col: d.col,
      pointer: d.pointer,
      code: 'duplicate-key',
      message: `key "${d.key}" occurs twice in the same object; JSON keeps only the last one`,
      hint: 'rename or merge one of them',
    });
  }
  const tree = parsed.tree;
  let pointers: Map<string, Mapping> | undefined;
  const doc: JsonDoc = {
    file,
    data: parsed.data,
    get pointers() {
      return (pointers ??= positions(tree));
    },
  };
  return { doc, issues };
}

/**
 * 1-based line and column of a pointer in a document: the value, or the key for `anchor: 'key'`
 * (falling back to the value for the root or array items). An unknown pointer uses its nearest parent.
 */
export function locate(doc: JsonDoc, pointer: string, anchor: Anchor = 'value'): { line: number; col: number } {
  let p = pointer;
  while (!doc.pointers.has(p) && p !== '') p = p.slice(0, p.lastIndexOf('/'));
  const mapping = doc.pointers.get(p);
  if (!mapping) return { line: 1, col: 1 };
  const pos = anchor === 'key' && mapping.key ? mapping.key : mapping.value;
  return { line: pos.line, col: pos.column };
}

/** An issue at a pointer of a document. */
export function issueAt(doc: JsonDoc, pointer: string, code: IssueCode, message: string, hint: string, anchor: Anchor = 'value'): ValidationIssue {
  return { file: doc.file, ...locate(doc, pointer, anchor), pointer, code, message, hint };
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
