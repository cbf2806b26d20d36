/**
 * The relay's HTTP face, in two forms over one core: a Node `(req, res)` handler (a plain server,
 * Express, Vercel's and Netlify's Node functions) and a Web-standard `fetch(Request) => Response`
 * (Vercel/Netlify edge functions, Cloudflare Workers, Deno, Bun). It takes `POST` with the purchase
 * confirmation as JSON, only from the backend (`Authorization: Bearer <RELAY_TOKEN>`), and answers
 * with each vendor's outcome: 200 when every vendor was sent or skipped, 502 when one was
 * dead-lettered (sending the same confirmation again is safe: every vendor de-duplicates it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseConfirmation } from './confirmation.ts';
import type { Relay } from './relay.ts';

/** The largest confirmation accepted. */
export const MAX_CONFIRMATION_BYTES = 16 * 1024;

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const refuse = (status: number, message: string, headers?: Record<string, string>): Answer => ({ status, body: { errors: { messages: [message] } }, headers });

/** Compares two secrets in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** The answer to one request, whatever carried it. `readBody` is called only for an allowed POST. */
export async function answerRelayRequest(
  relay: Relay,
  token: string,
  request: { method: string; authorization: string | null; readBody: () => Promise<string | undefined> },
): Promise<Answer> {
  if (request.method !== 'POST') return refuse(405, 'Send the purchase confirmation with POST', { allow: 'POST' });
  if (!token) return refuse(503, 'The relay has no RELAY_TOKEN configured, so it accepts no confirmation');
  const given = /^Bearer\s+(\S+)$/i.exec(request.authorization ?? '')?.[1] ?? '';
  if (!sameSecret(given, token)) return refuse(401, 'Authorization: Bearer <RELAY_TOKEN> is missing or wrong', { 'www-authenticate': 'Bearer' });
  const text = await request.readBody();
  if (text === undefined) return refuse(413, `The confirmation is larger than ${MAX_CONFIRMATION_BYTES / 1024} KiB`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(400, 'The body is not valid JSON');
  }
  const parsed = parseConfirmation(json);
  if (!parsed.ok) return { status: 400, body: { errors: { messages: parsed.problems } } };
  const outcomes = await relay.relayPurchase(parsed.value);
  return { status: outcomes.some((o) => o.outcome === 'dead-lettered') ? 502 : 200, body: { outcomes } };
}

/** Reads a Node request's body, undefined past the size limit. */
async function nodeBody(req: IncomingMessage): Promise<string | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_CONFIRMATION_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_CONFIRMATION_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A Node `(req, res)` handler.
 * @example createServer(createNodeHandler(relay, process.env.RELAY_TOKEN ?? '')).listen(8787)
 */
export function createNodeHandler(relay: Relay, token: string): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    let answer: Answer;
    try {
      answer = await answerRelayRequest(relay, token, {
        method: req.method ?? 'GET',
        authorization: req.headers.authorization ?? null,
        readBody: () => nodeBody(req),
      });
    } catch (error) {
      console.error('relay error:', error);
      answer = refuse(500, 'The relay failed; the confirmation can be sent again');
    }
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  };
}

/** Reads a Web request's body, undefined past the size limit. */
async function webBody(request: Request): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_CONFIRMATION_BYTES) return undefined;
  const text = await request.text();
  return new TextEncoder().encode(text).length > MAX_CONFIRMATION_BYTES ? undefined : text;
}

/**
 * A Web-standard handler: `export default { fetch: createFetchHandler(relay, env.RELAY_TOKEN) }`.
 * @example const handle = createFetchHandler(relay, token); const response = await handle(new Request(url, { method: 'POST', body }));
 */
export function createFetchHandler(relay: Relay, token: string): (request: Request) => Promise<Response> {
  return async (request) => {
    let answer: Answer;
    try {
      answer = await answerRelayRequest(relay, token, {
        method: request.method,
        authorization: request.headers.get('authorization'),
        readBody: () => webBody(request),
      });
    } catch (error) {
      console.error('relay error:', error);
      answer = refuse(500, 'The relay failed; the confirmation can be sent again');
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...answer.headers },
    });
  };
}
