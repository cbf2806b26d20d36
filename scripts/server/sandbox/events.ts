/**
 * The analytics sink of preview builds posts here; tests read the log back, one page at a time:
 * GET /sandbox/events?userUuid=&limit=&cursor= answers { events, next_cursor }.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendJson } from '../http.ts';
import { FIELD_LIMITS, tooLong } from './fieldLimits.ts';
import { pageParams } from './pagedLog.ts';
import type { SandboxState } from './state.ts';
import { addToFeed } from './collector.ts';

/** The stored form of a posted event: only the known fields, each length-checked. */
function parseEvent(body: Record<string, unknown>): { event?: Record<string, unknown>; problem?: string } {
  const { kind, name, userUuid = '', props = {}, at } = body;
  if (typeof name !== 'string' || typeof kind !== 'string') return { problem: 'An event needs kind and name' };
  if (typeof userUuid !== 'string') return { problem: 'userUuid must be a string' };
  if (!props || typeof props !== 'object' || Array.isArray(props)) return { problem: 'props must be an object' };
  const problem =
    tooLong('kind', kind, FIELD_LIMITS.eventKind) ??
    tooLong('name', name, FIELD_LIMITS.eventName) ??
    tooLong('userUuid', userUuid, FIELD_LIMITS.userUuid) ??
    (JSON.stringify(props).length > FIELD_LIMITS.eventPropsBytes ? `props are longer than ${FIELD_LIMITS.eventPropsBytes} characters as JSON` : undefined);
  if (problem) return { problem };
  return { event: { kind, name, userUuid, props, at: typeof at === 'number' ? at : Date.now() } };
}

export async function recordEvent(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { event, problem } = parseEvent(await readJsonBody(req));
  if (!event) return sendJson(res, 400, { errors: { messages: [problem] } });
  state.events.push(event);
  addToFeed(state, {
    source: 'collector',
    kind: String(event.kind),
    name: String(event.name),
    userUuid: String(event.userUuid),
    payload: { properties: event.props },
  });
  res.writeHead(204).end();
}

export function listEvents(state: SandboxState, url: URL, res: ServerResponse): void {
  const { limit, cursor } = pageParams(url);
  const visitor = url.searchParams.get('userUuid');
  const page = state.events.page(cursor, limit, visitor ? (e) => e.userUuid === visitor : undefined);
  sendJson(res, 200, { events: page.items, next_cursor: page.nextCursor });
}
