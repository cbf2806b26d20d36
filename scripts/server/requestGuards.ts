/**
 * Guards every request passes before routing: a parseable, decodable URL of a sane length. A bad
 * URL is the visitor's mistake, so it gets a 4xx with a short body and nothing in the server log.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** The longest URL (path and query) the routes look at; longer queries are dropped. */
export const MAX_URL_LENGTH = 8 * 1024;
/** Node's own header limit, the outer bound (a URL up to this size reaches our code). */
export const MAX_HEADER_BYTES = 64 * 1024;

const page = (title: string, text: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p><p><a href="/">Start again</a></p></body></html>`;

/** Parses a request target; undefined when it is not a valid origin-form URL. */
export function parseRequestUrl(raw: string | undefined): URL | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return undefined;
  try {
    const url = new URL(raw, 'http://localhost');
    // "/./\\host" and the like resolve to "//host": as a Location it would name another host
    if (url.pathname.startsWith('//')) return undefined;
    decodeURIComponent(url.pathname); // the static files are looked up by the decoded path
    return url;
  } catch {
    return undefined;
  }
}

/** Answers a URL that does not parse or decode (e.g. `GET /%`) with a 400, in JSON for the API. */
export function answerBadUrl(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): void {
  if ((req.url ?? '').startsWith('/sandbox/')) {
    res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ errors: { messages: ['The request URL is malformed'] } }));
    return;
  }
  res.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(page('Bad address', 'This address is malformed.'));
}

/**
 * An over-long URL. A page address with a long query is redirected to the same path without the
 * query (the funnel still opens); anything else gets a 414 with a short explanation.
 * @returns true when the request was answered
 */
export function answerLongUrl(req: IncomingMessage, res: ServerResponse, url: URL | undefined, headers: Record<string, string>): boolean {
  const raw = req.url ?? '';
  if (raw.length <= MAX_URL_LENGTH) return false;
  const method = req.method ?? 'GET';
  const path = url?.pathname ?? '';
  if (url && !path.startsWith('/sandbox/') && (method === 'GET' || method === 'HEAD') && path.length < MAX_URL_LENGTH) {
    res.writeHead(303, { location: path, 'cache-control': 'no-store', 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(page('Address shortened', 'The address was too long; its query was dropped.'));
    return true;
  }
  if (path.startsWith('/sandbox/')) {
    res.writeHead(414, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ errors: { messages: [`The request URL is longer than ${MAX_URL_LENGTH} bytes`] } }));
    return true;
  }
  res.writeHead(414, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(page('Address too long', 'This address is too long to open.'));
  return true;
}

/** Writes a complete HTTP/1.1 answer on a socket whose request Node could not parse. */
function writeRaw(socket: Socket, status: string, html: string): void {
  const body = Buffer.from(html);
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: ${body.length}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${html}`,
  );
}

/**
 * Node's answer to a request it cannot parse is an empty 400/431: this one carries a short page, so
 * a browser shows an explanation rather than its own error page.
 */
export function handleClientError(error: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  if (error.code === 'HPE_HEADER_OVERFLOW')
    writeRaw(socket, '431 Request Header Fields Too Large', page('Address too long', 'This address or its headers are too long to open.'));
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') writeRaw(socket, '408 Request Timeout', page('Too slow', 'The request took too long.'));
  else writeRaw(socket, '400 Bad Request', page('Bad request', 'The request could not be read.'));
}

/** The deepest nesting of arrays and objects a JSON request body may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * The nesting depth of JSON text, counted without parsing (no recursion, strings skipped), stopping
 * as soon as it passes `limit`: a body nested thousands deep is refused before JSON.parse or
 * JSON.stringify could overflow the stack on it.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}
