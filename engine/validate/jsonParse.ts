/**
 * One strict JSON parse (RFC 8259, by @humanwhocodes/momoa) that yields the value, the line and column
 * of every key and value by JSON pointer, the duplicate keys JSON.parse would silently drop, and a
 * located, readable message for a syntax error. Linear in the size of the text.
 */
import { evaluate, parse, type AnyNode, type Location, type MemberNode, type ValueNode } from '@humanwhocodes/momoa';
import { escapePointer } from './types.ts';

/** A 1-based line and column. */
export interface Position {
  line: number;
  col: number;
}

/** Where a value and, for an object member, its key start (momoa's 1-based locations, shared, not copied). */
export interface Mapping {
  value: Location;
  key?: Location;
}

/** A key that occurs twice in one object: the later occurrence. */
export interface DuplicateKey extends Position {
  pointer: string;
  key: string;
}

/** The result of parsing: the value, its syntax tree (for positions) and duplicate keys, or the syntax error. */
export type Parsed =
  { ok: true; data: unknown; tree: ValueNode; duplicates: DuplicateKey[] } | { ok: false; error: Position & { message: string; tooDeep?: boolean } };

/**
 * The deepest nesting of objects and arrays a data file may have. The real files nest under 10 levels;
 * the parser and every check walk the tree recursively, so a file nested thousands deep would end in
 * a stack overflow with no location instead of a finding.
 */
export const MAX_NESTING = 64;

/**
 * Where the text first opens an object or array deeper than `limit` (strings skipped, no recursion),
 * or undefined when it never does.
 */
export function tooDeepAt(text: string, limit = MAX_NESTING): Position | undefined {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  let inString = false;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a) {
      line++;
      lineStart = k + 1;
    }
    if (inString) {
      if (c === 0x5c) k++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return { line, col: k - lineStart + 1 };
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return undefined;
}

const at = (node: AnyNode): Position => ({ line: node.loc.start.line, col: node.loc.start.column });
const memberName = (member: MemberNode): string => (member.name.type === 'String' ? member.name.value : member.name.name);
const pointerOf = (segments: string[]): string => segments.map((s) => `/${escapePointer(s)}`).join('');

/** Keys that occur twice in one object; `path` is the segments of the current value. */
function findDuplicates(node: ValueNode, path: string[], duplicates: DuplicateKey[]): void {
  if (node.type === 'Object') {
    const seen = new Set<string>();
    for (const member of node.members) {
      const name = memberName(member);
      path.push(name);
      if (seen.has(name)) duplicates.push({ ...at(member.name), pointer: pointerOf(path), key: name });
      seen.add(name);
      findDuplicates(member.value, path, duplicates);
      path.pop();
    }
  } else if (node.type === 'Array') {
    node.elements.forEach((element, k) => {
      path.push(String(k));
      findDuplicates(element.value, path, duplicates);
      path.pop();
    });
  }
}

/**
 * The position of every key and value by JSON pointer. Built only when an issue needs a place, so a
 * valid file costs no pointer strings; momoa's location objects are stored as they are.
 */
export function positions(tree: ValueNode): Map<string, Mapping> {
  const pointers = new Map<string, Mapping>();
  const walk = (node: ValueNode, pointer: string, key: Location | undefined): void => {
    pointers.set(pointer, { value: node.loc.start, key });
    if (node.type === 'Object') {
      // the last occurrence of a duplicate key wins, as in JSON.parse: its positions overwrite the earlier ones
      for (const member of node.members) walk(member.value, `${pointer}/${escapePointer(memberName(member))}`, member.name.loc.start);
    } else if (node.type === 'Array') {
      node.elements.forEach((element, k) => walk(element.value, `${pointer}/${k}`, undefined));
    }
  };
  walk(tree, '', undefined);
  return pointers;
}

const describe = (ch: string | undefined): string => (ch === undefined ? 'end of file' : `'${ch}'`);

/** Momoa's "Unexpected token Comma found." in the words of the mistake most likely behind it. */
function explain(text: string, offset: number, momoaMessage: string): string {
  const found = momoaMessage.startsWith('Unexpected end') ? undefined : text[offset];
  let k = offset - 1;
  while (k >= 0 && ' \t\r\n'.includes(text[k]!)) k--;
  const before = text[k];
  if (found === undefined) return 'unexpected end of file (an unclosed object, array or string?)';
  if (found === "'") return 'strings must use double quotes';
  if ((found === '}' || found === ']') && before === ',') return `trailing comma before '${found}'`;
  if (found === ',' && before === ',') return 'two commas in a row';
  if (found === ',' && (before === '{' || before === '[')) return `unexpected ',' after '${before}'`;
  if (/["\d\-[{tfn]/.test(found) && before !== undefined && /["\d}\]el]/.test(before)) return `missing ',' before ${describe(found)}`;
  return `unexpected ${describe(found)}`;
}

/**
 * The first raw control character (U+0000 to U+001F, including tab and line break) inside a string:
 * RFC 8259 and JSON.parse reject them, momoa lets them through.
 */
function controlCharacterInString(text: string, tree: ValueNode): Position | undefined {
  const check = (node: AnyNode): Position | undefined => {
    for (let k = node.loc.start.offset + 1; k < node.loc.end.offset - 1; k++) {
      if (text.charCodeAt(k) < 0x20) {
        const lineStart = text.lastIndexOf('\n', k - 1) + 1;
        const line = node.loc.start.line + (text.slice(node.loc.start.offset, k).match(/\n/g)?.length ?? 0);
        return { line, col: k - lineStart + 1 };
      }
    }
    return undefined;
  };
  const visit = (node: ValueNode): Position | undefined => {
    if (node.type === 'String') return check(node);
    if (node.type === 'Object') {
      for (const m of node.members) {
        const found = check(m.name) ?? visit(m.value);
        if (found) return found;
      }
    }
    if (node.type === 'Array') {
      for (const e of node.elements) {
        const found = visit(e.value);
        if (found) return found;
      }
    }
    return undefined;
  };
  return visit(tree);
}

/** Parses `text` (without a byte order mark) as strict JSON. */
export function parseJson(text: string): Parsed {
  const deep = tooDeepAt(text);
  if (deep) return { ok: false, error: { ...deep, tooDeep: true, message: `objects and arrays nested deeper than ${MAX_NESTING} levels` } };
  try {
    const doc = parse(text, { mode: 'json' });
    const control = controlCharacterInString(text, doc.body);
    if (control)
      return {
        ok: false,
        error: { ...control, message: 'a raw control character (tab, line break or U+0000 to U+001F) in a string; write it escaped, e.g. \\n or \\t' },
      };
    const duplicates: DuplicateKey[] = [];
    findDuplicates(doc.body, [], duplicates);
    return { ok: true, data: evaluate(doc.body), tree: doc.body, duplicates };
  } catch (error) {
    const e = error as Error & Partial<{ line: number; column: number; offset: number }>;
    if (typeof e.line !== 'number' || typeof e.column !== 'number' || typeof e.offset !== 'number') throw error;
    const message = /^Unexpected (token|character|end)/.test(e.message) ? explain(text, e.offset, e.message) : e.message.replace(/ \(\d+:\d+\)$/, '');
    return { ok: false, error: { line: e.line, col: e.column, message } };
  }
}
