/** The analytics sink of preview builds posts here; tests read the log back. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readJsonBody, sendJson } from '../http.ts';
import type { SandboxState } from './state.ts';

const MAX_EVENTS = 5000;

export async function recordEvent(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const event = await readJsonBody(req);
  if (typeof event.name !== 'string' || typeof event.kind !== 'string') return sendJson(res, 400, { errors: { messages: ['An event needs kind and name'] } });
  state.events.push(event);
  if (state.events.length > MAX_EVENTS) state.events.splice(0, state.events.length - MAX_EVENTS);
  res.writeHead(204).end();
}

export function listEvents(state: SandboxState, url: URL, res: ServerResponse): void {
  const visitor = url.searchParams.get('userUuid');
  const events = visitor ? state.events.filter((e) => (e as { userUuid?: string }).userUuid === visitor) : state.events;
  sendJson(res, 200, { events });
}
