/** Small HTTP helpers for the preview server: JSON replies and size-capped JSON bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonDepth, MAX_JSON_DEPTH } from './requestGuards.ts';

export const MAX_BODY_BYTES = 16 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** Extra answer headers (a 429's Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

/** Sends a JSON reply (no caching: the sandbox answers change). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/** Requests whose body size or depth limit is switched off: only the sandbox's test-only contract break does that. */
const liftedLimits = new WeakMap<IncomingMessage, 'size' | 'depth'>();

/** Switches one body limit off for a request (previewServer.ts, under the test-only `contractBreak` option). */
export function liftBodyLimit(req: IncomingMessage, limit: 'size' | 'depth'): void {
  liftedLimits.set(req, limit);
}

/** Reads a request body of at most `limit` bytes; a larger one is a 413 HttpError. */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const maxBytes = liftedLimits.get(req) === 'size' ? Infinity : limit;
  const tooLarge = () => new HttpError(413, { errors: { messages: [`Request body is larger than ${limit / 1024} KiB`] } });
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * JSON.parse for what a request carries: text nested deeper than MAX_JSON_DEPTH (requestGuards.ts) or
 * not JSON is a 400 with a message, never a stack overflow further on.
 * @throws HttpError
 */
export function parseRequestJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (jsonDepth(text, maxDepth) > maxDepth) throw new HttpError(400, { errors: { messages: [`Request body is nested deeper than ${MAX_JSON_DEPTH} levels`] } });
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, { errors: { messages: ['Request body is not valid JSON'] } });
  }
}

/** Reads a JSON body of at most 16 KiB; a larger, deeper, non-JSON or non-object body is a 4xx HttpError. */
export async function readJsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = (await readBody(req)).toString('utf8');
  if (!text) return {};
  const parsed = parseRequestJson(text, liftedLimits.get(req) === 'depth' ? Infinity : MAX_JSON_DEPTH);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, { errors: { messages: ['Request body must be a JSON object'] } });
  }
  return parsed as Record<string, unknown>;
}

/** The bearer token of a request, or undefined. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}
