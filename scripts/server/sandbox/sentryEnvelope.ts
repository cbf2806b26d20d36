/**
 * Reads a Sentry envelope (https://develop.sentry.dev/sdk/envelopes/): a JSON header line, then
 * items, each a JSON item header line and a payload (of `length` bytes, or up to the next newline).
 */
import { jsonDepth, MAX_JSON_DEPTH } from '../requestGuards.ts';

export interface EnvelopeItem {
  type: string;
  payload: Buffer;
}

const NEWLINE = 0x0a;

function readLine(body: Buffer, from: number): { line: Buffer; next: number } {
  const end = body.indexOf(NEWLINE, from);
  return end === -1 ? { line: body.subarray(from), next: body.length } : { line: body.subarray(from, end), next: end + 1 };
}

function parseJson(bytes: Buffer): Record<string, unknown> {
  const text = bytes.toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new SyntaxError(`nested deeper than ${MAX_JSON_DEPTH} levels`);
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new SyntaxError('not a JSON object');
  return value as Record<string, unknown>;
}

/** The items of an envelope; throws a SyntaxError when it is malformed. */
export function parseEnvelope(body: Buffer): EnvelopeItem[] {
  let { next } = readLine(body, 0);
  parseJson(readLine(body, 0).line); // the envelope header must be JSON
  const items: EnvelopeItem[] = [];
  while (next < body.length) {
    const headerLine = readLine(body, next);
    next = headerLine.next;
    if (!headerLine.line.length) continue; // a trailing newline
    const header = parseJson(headerLine.line);
    if (typeof header.type !== 'string') throw new SyntaxError('an item header needs a type');
    let payload: Buffer;
    if (typeof header.length === 'number') {
      if (!Number.isInteger(header.length) || header.length < 0 || next + header.length > body.length) throw new SyntaxError('item length is out of range');
      payload = body.subarray(next, next + header.length);
      next += header.length;
      if (body[next] === NEWLINE) next++;
    } else {
      const line = readLine(body, next);
      payload = line.line;
      next = line.next;
    }
    items.push({ type: header.type, payload });
  }
  return items;
}
