/**
 * The contract checker's HTTP: one call, its answer (status, headers, JSON body) and a one-line account
 * of both, so every clause line can say what was sent and what came back.
 */

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
}

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  /** A JSON body (serialised here) or raw text sent as is. */
  body?: unknown;
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
}

/** Sends one call; a call that gets no answer is status 0. */
export async function send(call: Call): Promise<Answer> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const text = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
  if (text !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(call.url, { method: call.method, headers, body: text, signal: AbortSignal.timeout(30_000) });
    const received = await res.text();
    let body: unknown;
    try {
      body = received ? JSON.parse(received) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body };
  } catch {
    return { status: 0, headers: new Headers(), body: undefined };
  }
}

/** A field of a JSON answer by path, or undefined. */
export function field(body: unknown, ...path: string[]): unknown {
  let value = body;
  for (const key of path) {
    if (!value || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The answer in a few words: status, then the server's message or the id it gave. */
export function brief(answer: Answer): string {
  if (answer.status === 0) return 'no answer';
  const messages = field(answer.body, 'errors', 'messages') ?? field(answer.body, 'error', 'message');
  const info = field(answer.body, 'errors', 'info');
  const said = Array.isArray(messages) ? messages.join(' ') : typeof messages === 'string' ? messages : info ? JSON.stringify(info) : '';
  const id =
    field(answer.body, 'data', 'polling_result_id') ??
    field(answer.body, 'data', 'result_data', 'status') ??
    field(answer.body, 'data', 'subscription_id') ??
    field(answer.body, 'status') ??
    field(answer.body, 'id');
  const retry = answer.headers.get('retry-after');
  return [String(answer.status), typeof id === 'string' ? id : '', said ? `"${said.slice(0, 120)}"` : '', retry ? `Retry-After: ${retry}` : '']
    .filter(Boolean)
    .join(' ');
}

/** A call in a few words: method and path (without the base address's origin). */
export function describeCall(call: Pick<Call, 'method' | 'url'>): string {
  const url = new URL(call.url);
  return `${call.method} ${url.pathname}`;
}
