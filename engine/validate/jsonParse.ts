/**
 * One strict JSON parse (RFC 8259, by @humanwhocodes/momoa) that yields the value, the line and column
 * of every key and value by JSON pointer, the duplicate keys JSON.parse would silently drop, and a
 * located, readable message for a syntax error. Linear in the size of the text.
 */
import { evaluate, parse, type AnyNode, type Location, type ValueNode } from '@humanwhocodes/momoa';
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

/** The result of parsing: the value and its positions, or the syntax error that stopped it. */
export type Parsed =
  | { ok: true; data: unknown; pointers: Map<string, Mapping>; duplicates: DuplicateKey[] }
  | { ok: false; error: Position & { message: string } };

const at = (node: AnyNode): Position => ({ line: node.loc.start.line, col: node.loc.start.column });

// a hot path on large flows: momoa's location objects are stored as they are
function walk(node: ValueNode, pointer: string, key: Location | undefined, pointers: Map<string, Mapping>, duplicates: DuplicateKey[]): void {
  pointers.set(pointer, { value: node.loc.start, key });
  if (node.type === 'Object') {
    const seen = new Set<string>();
    for (const member of node.members) {
      const name = member.name.type === 'String' ? member.name.value : member.name.name;
      const child = `${pointer}/${escapePointer(name)}`;
      if (seen.has(name)) duplicates.push({ ...at(member.name), pointer: child, key: name });
      seen.add(name);
      // the last occurrence wins, as in JSON.parse: its positions overwrite the earlier ones
      walk(member.value, child, member.name.loc.start, pointers, duplicates);
    }
  } else if (node.type === 'Array') {
    node.elements.forEach((element, k) => walk(element.value, `${pointer}/${k}`, undefined, pointers, duplicates));
  }
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

/** Parses `text` (without a byte order mark) as strict JSON. */
export function parseJson(text: string): Parsed {
  try {
    const doc = parse(text, { mode: 'json' });
    const pointers = new Map<string, Mapping>();
    const duplicates: DuplicateKey[] = [];
    walk(doc.body, '', undefined, pointers, duplicates);
    return { ok: true, data: evaluate(doc.body), pointers, duplicates };
  } catch (error) {
    const e = error as Error & Partial<{ line: number; column: number; offset: number }>;
    if (typeof e.line !== 'number' || typeof e.column !== 'number' || typeof e.offset !== 'number') throw error;
    const message = /^Unexpected (token|character|end)/.test(e.message) ? explain(text, e.offset, e.message) : e.message.replace(/ \(\d+:\d+\)$/, '');
    return { ok: false, error: { line: e.line, col: e.column, message } };
  }
}
