/**
 * The preview's analytics collector and the inspector's feed.
 *
 * - POST /sandbox/collect/v1/batch takes a Segment-format batch (`{ batch: [...] }`, at most 64 KiB,
 *   100 messages) and stores each message in the analytics log read by GET /sandbox/events, and as
 *   received (collectorLog.ts: memory, and a JSON-lines file when configured) for the funnel report.
 * - POST /sandbox/inspector takes what the browser-side destinations (Meta Pixel, GA4) were sent, each
 *   call with the event it was made for (its id is the Segment message's messageId).
 * - GET /sandbox/inspector/feed?after=N answers everything both received after sequence number N,
 *   for the live /__events page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, parseRequestJson, readBody, sendJson } from '../http.ts';
import { keepMessages } from './collectorLog.ts';
import { FIELD_LIMITS, tooLong } from './fieldLimits.ts';
import { PagedLog } from './pagedLog.ts';
import type { SandboxRoute } from './routes.ts';
import type { SandboxState } from './state.ts';

export const MAX_BATCH_BYTES = 64 * 1024;
export const MAX_BATCH_MESSAGES = 100;
export const MAX_FEED_ENTRIES = 2000;
const FEED_TTL_MS = 24 * 60 * 60 * 1000;

export interface FeedEntry {
  seq: number;
  /** 'collector' or the destination id. */
  source: string;
  kind: string;
  name: string;
  userUuid: string;
  payload: unknown;
  at: number;
  /** The analytics event the entry is a form of (Segment's messageId); absent for a destination's set-up calls. */
  eventId?: string;
  /** That event's kind and name (track "Signed Up", page "/discount"). */
  event?: { kind: string; name: string };
}

interface Feed {
  log: PagedLog<FeedEntry>;
  seq: number;
}

function feedOf(state: SandboxState): Feed {
  return ((state as { inspectorFeed?: Feed }).inspectorFeed ??= { log: new PagedLog<FeedEntry>(MAX_FEED_ENTRIES, FEED_TTL_MS), seq: 0 });
}

/** Adds an entry to the inspector's feed (also used by the single-event route). */
export function addToFeed(state: SandboxState, entry: Omit<FeedEntry, 'seq' | 'at'>): void {
  const feed = feedOf(state);
  feed.log.push({ ...entry, seq: ++feed.seq, at: Date.now() });
}

async function readObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parsed = parseRequestJson((await readBody(req, MAX_BATCH_BYTES)).toString('utf8') || '{}');
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new HttpError(400, { errors: { messages: ['Request body must be a JSON object'] } });
  return parsed as Record<string, unknown>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A Segment message in the analytics log's form, or a problem. */
function storedForm(m: unknown): { event?: Record<string, unknown>; problem?: string } {
  if (!m || typeof m !== 'object' || Array.isArray(m)) return { problem: 'each message must be an object' };
  const msg = m as Record<string, unknown>;
  const kind = str(msg.type);
  if (!['track', 'page', 'identify'].includes(kind)) return { problem: 'type must be track, page or identify' };
  const name = kind === 'track' ? str(msg.event) : kind === 'page' ? str(msg.name) : str(msg.userId);
  const userUuid = str(msg.anonymousId);
  const props = (kind === 'identify' ? msg.traits : msg.properties) ?? {};
  if (!name) return { problem: 'a message needs its event, name or userId' };
  if (typeof props !== 'object' || Array.isArray(props)) return { problem: 'properties must be an object' };
  const problem =
    tooLong('name', name, FIELD_LIMITS.eventName) ??
    tooLong('anonymousId', userUuid, FIELD_LIMITS.userUuid) ??
    (JSON.stringify(props).length > FIELD_LIMITS.eventPropsBytes ? `properties are longer than ${FIELD_LIMITS.eventPropsBytes} characters as JSON` : undefined);
  if (problem) return { problem };
  const context = msg.context && typeof msg.context === 'object' ? msg.context : {};
  const at = Date.parse(str(msg.timestamp));
  const userId = str(msg.userId).slice(0, FIELD_LIMITS.userUuid);
  return { event: { kind, name, userUuid, ...(userId ? { userId } : {}), props, context, at: Number.isFinite(at) ? at : Date.now() } };
}

/** How many message ids the collector remembers to drop repeats (the oldest are forgotten first). */
const MAX_SEEN_MESSAGES = 20_000;
const seenByState = new WeakMap<SandboxState, Set<string>>();

/** The message ids a sandbox has already stored. */
function seenMessages(state: SandboxState): Set<string> {
  let seen = seenByState.get(state);
  if (!seen) seenByState.set(state, (seen = new Set()));
  return seen;
}

async function collectBatch(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readObject(req);
  const batch = body.batch;
  if (!Array.isArray(batch) || batch.length > MAX_BATCH_MESSAGES)
    return sendJson(res, 400, { errors: { messages: [`batch must be an array of at most ${MAX_BATCH_MESSAGES} messages`] } });
  const stored = batch.map(storedForm);
  const problems = stored.flatMap((s, k) => (s.problem ? [`message ${k}: ${s.problem}`] : []));
  // a bad message is refused on its own; the good ones of the batch are kept
  if (problems.length === batch.length && batch.length) return sendJson(res, 400, { errors: { messages: problems.slice(0, 10) } });
  const seen = seenMessages(state);
  const accepted: Array<Record<string, unknown>> = [];
  for (const [k, { event }] of stored.entries()) {
    if (!event) continue;
    // at-least-once delivery (a retried batch, a page-hide beacon racing a request the unload cut off)
    // may bring a message twice: like Segment, keep one per messageId
    const id = (batch[k] as { messageId?: unknown }).messageId;
    if (typeof id === 'string') {
      if (seen.has(id)) continue;
      seen.add(id);
      if (seen.size > MAX_SEEN_MESSAGES) seen.delete(seen.values().next().value!);
    }
    state.events.push(event);
    accepted.push(batch[k] as Record<string, unknown>);
    addToFeed(state, {
      source: 'collector',
      kind: str(event.kind),
      name: str(event.name),
      userUuid: str(event.userUuid),
      // the message as the batch body carried it, with the batch's sentAt
      payload: { ...(batch[k] as Record<string, unknown>), ...(typeof body.sentAt === 'string' ? { sentAt: body.sentAt } : {}) },
      ...(typeof id === 'string' && id ? { eventId: id.slice(0, 64), event: { kind: str(event.kind), name: str(event.name) } } : {}),
    });
  }
  keepMessages(state, accepted, body.sentAt);
  sendJson(res, 200, problems.length ? { success: true, rejected: problems.slice(0, 10) } : { success: true });
}

async function recordCalls(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readObject(req);
  const calls = Array.isArray(body.calls) ? body.calls.slice(0, MAX_BATCH_MESSAGES) : [];
  for (const c of calls) {
    if (!c || typeof c !== 'object') continue;
    const { destination, call, event } = c as Record<string, unknown>;
    const args = Array.isArray(call) ? call : [call];
    const about = event && typeof event === 'object' ? (event as Record<string, unknown>) : undefined;
    addToFeed(state, {
      source: str(destination).slice(0, 64) || 'unknown',
      kind: str(args[0]).slice(0, 32),
      name: str(args[1]).slice(0, 200),
      userUuid: str(about?.userUuid).slice(0, FIELD_LIMITS.userUuid),
      payload: args,
      ...(about && str(about.id)
        ? { eventId: str(about.id).slice(0, 64), event: { kind: str(about.kind).slice(0, 32), name: str(about.name).slice(0, FIELD_LIMITS.eventName) } }
        : {}),
    });
  }
  res.writeHead(204).end();
}

function feed(state: SandboxState, url: URL, res: ServerResponse): void {
  const after = Number(url.searchParams.get('after') ?? 0);
  if (!Number.isSafeInteger(after) || after < 0) return sendJson(res, 400, { errors: { messages: ['after must be a sequence number'] } });
  const page = feedOf(state).log.page(0, 500, (e) => e.seq > after);
  sendJson(res, 200, { entries: page.items });
}

export const collectorRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: /^\/sandbox\/collect\/v1\/batch$/, handle: (s, req, res) => collectBatch(s, req, res) },
  { method: 'POST', pattern: /^\/sandbox\/inspector$/, handle: (s, req, res) => recordCalls(s, req, res) },
  { method: 'GET', pattern: /^\/sandbox\/inspector\/feed$/, handle: (s, _req, res, _m, url) => feed(s, url, res) },
];
