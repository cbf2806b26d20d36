/**
 * A strict JSON scanner that says where a file stops being JSON (JSON.parse in Node 20 often gives
 * no position) and finds duplicate keys, which JSON.parse silently drops.
 */
import { ptr } from './types.ts';

/** A JSON syntax error at a character offset. */
export interface SyntaxProblem {
  offset: number;
  message: string;
}

/** A key that occurs twice in one object: the second occurrence. */
export interface DuplicateKey {
  offset: number;
  pointer: string;
  key: string;
}

/** The result of scanning: the first syntax error, if any, and every duplicate key before it. */
export interface ScanResult {
  error?: SyntaxProblem;
  duplicates: DuplicateKey[];
}

class Stop extends Error {
  constructor(readonly offset: number, message: string) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const describe = (ch: string | undefined): string => (ch === undefined ? 'end of file' : `'${ch}'`);

/** Scans `text` as strict JSON (RFC 8259). */
export function scanJson(text: string): ScanResult {
  const duplicates: DuplicateKey[] = [];
  let i = 0;
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (message: string, at = i): never => {
    throw new Stop(at, message);
  };
  const string = (): string => {
    const start = i++;
    let out = '';
    for (;;) {
      const ch = text[i];
      if (ch === undefined || ch === '\n') fail('unterminated string', start);
      if (ch === '"') break;
      if (ch! < ' ') fail('control character in string');
      if (ch === '\\') {
        const esc = text[i + 1];
        if (esc === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        if (esc === undefined || !'"\\/bfnrt'.includes(esc)) fail(`invalid escape '\\${esc ?? ''}' in string`);
        out += JSON.parse(`"\\${esc}"`) as string;
        i += 2;
        continue;
      }
      out += ch;
      i++;
    }
    i++;
    return out;
  };
  const value = (pointer: string): void => {
    ws();
    const ch = text[i];
    if (ch === '{') return object(pointer);
    if (ch === '[') return array(pointer);
    if (ch === '"') return void string();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) return void (i += word.length);
    }
    NUMBER.lastIndex = i;
    if (ch !== undefined && /[-0-9]/.test(ch) && NUMBER.test(text)) return void (i = NUMBER.lastIndex);
    if (ch === "'") fail('strings must use double quotes');
    fail(`expected a value, found ${describe(ch)}`);
  };
  const object = (pointer: string): void => {
    i++;
    const keys = new Set<string>();
    ws();
    if (text[i] === '}') return void i++;
    for (;;) {
      ws();
      if (text[i] !== '"') fail(text[i] === '}' ? "trailing comma before '}'" : `expected a property name in double quotes, found ${describe(text[i])}`);
      const keyAt = i;
      const key = string();
      if (keys.has(key)) duplicates.push({ offset: keyAt, pointer: ptr(pointer, key), key });
      keys.add(key);
      ws();
      if (text[i] !== ':') fail(`expected ':' after property name, found ${describe(text[i])}`);
      i++;
      value(ptr(pointer, key));
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === '}') return void i++;
      fail(`expected ',' or '}' after property value, found ${describe(text[i])}`);
    }
  };
  const array = (pointer: string): void => {
    i++;
    ws();
    if (text[i] === ']') return void i++;
    for (let n = 0; ; n++) {
      ws();
      if (text[i] === ']') fail("trailing comma before ']'");
      value(ptr(pointer, n));
      ws();
      if (text[i] === ',') { i++; continue; }
      if (text[i] === ']') return void i++;
      fail(`expected ',' or ']' after array element, found ${describe(text[i])}`);
    }
  };
  try {
    value('');
    ws();
    if (i < text.length) fail(`unexpected ${describe(text[i])} after the end of the JSON value`);
    return { duplicates };
  } catch (error) {
    if (error instanceof Stop) return { error: { offset: error.offset, message: error.message }, duplicates };
    throw error;
  }
}

/** 1-based line and column of a character offset. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text[k] === '\n') [line, start] = [line + 1, k + 1];
  }
  return { line, col: offset - start + 1 };
}
