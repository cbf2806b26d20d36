/**
 * A Sentry-envelope collector for preview builds (their DSN points here), so tests can read what the
 * funnel reported:
 * - POST /sandbox/sentry/api/<project>/envelope/: stores a digest of each error (`event`) and of
 *   each trace item (`transaction`, or `span` for the SDK's streamed spans);
 * - GET /sandbox/sentry/events?type=event|transaction|span&limit=&cursor=: the digests, paged;
 * - POST /sandbox/sentry/mode { "rateLimited": true }: every envelope is then answered with a plain
 *   HTTP 429 (the SDK must back off for 60 seconds), until switched back;
 * - GET /sandbox/sentry/stats: envelopes accepted and refused with 429.
 * Envelopes are capped at 256 KiB, and the digests keep fields short (long values are cut).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, readBody, readJsonBody, sendJson } from '../http.ts';
import { jsonDepth, MAX_JSON_DEPTH } from '../requestGuards.ts';
import { PagedLog, pageParams } from './pagedLog.ts';
import { parseEnvelope } from './sentryEnvelope.ts';
import type { SandboxRoute } from './routes.ts';
import type { SandboxState } from './state.ts';

export const MAX_ENVELOPE_BYTES = 256 * 1024;
export const MAX_REPORTS = 1000;
export const REPORT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_TEXT = 1000;
const MAX_TAGS = 30;

export interface ErrorReportDigest {
  project: string;
  type: string;
  event_id: string;
  release: string;
  environment: string;
  level: string;
  message: string;
  transaction: string;
  exception: Array<{ type: string; value: string }>;
  tags: Record<string, string>;
}

export interface ErrorCollector {
  reports: PagedLog<ErrorReportDigest>;
  rateLimited: boolean;
  accepted: number;
  refused: number;
}

export function createErrorCollector(): ErrorCollector {
  return { reports: new PagedLog(MAX_REPORTS, REPORT_TTL_MS), rateLimited: false, accepted: 0, refused: 0 };
}

const STORED_TYPES = new Set(['event', 'transaction', 'span']);

/** A streamed span container (`{ items: [...] }`) read as its segment (root) span, named like a transaction. */
function segmentOf(container: Record<string, unknown>): Record<string, unknown> {
  const spans = Array.isArray(container.items) ? (container.items as Array<Record<string, unknown>>) : [];
  const root = spans.find((s) => s.is_segment === true) ?? spans.find((s) => !s.parent_span_id) ?? spans[0] ?? {};
  return { transaction: root.name, event_id: root.span_id };
}

const text = (value: unknown, max = MAX_TEXT): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** The parts of a Sentry event a test asserts on, each cut to a bounded length. */
export function digest(project: string, type: string, event: Record<string, unknown>): ErrorReportDigest {
  const values = ((event.exception as { values?: unknown[] } | undefined)?.values ?? []).slice(0, 5) as Array<Record<string, unknown>>;
  const rawTags = event.tags && typeof event.tags === 'object' ? Object.entries(event.tags as Record<string, unknown>) : [];
  const message = typeof event.message === 'string' ? event.message : (event.message as { formatted?: unknown } | undefined)?.formatted;
  return {
    project,
    type,
    event_id: text(event.event_id, 64),
    release: text(event.release, 200),
    environment: text(event.environment, 64),
    level: text(event.level, 20),
    message: text(message),
    transaction: text(event.transaction, 200),
    exception: values.map((v) => ({ type: text(v.type, 200), value: text(v.value) })),
    tags: Object.fromEntries(rawTags.slice(0, MAX_TAGS).map(([k, v]) => [k.slice(0, 64), text(typeof v === 'string' ? v : JSON.stringify(v), 200)])),
  };
}

async function receiveEnvelope(collector: ErrorCollector, req: IncomingMessage, res: ServerResponse, project: string): Promise<void> {
  if (collector.rateLimited) {
    req.resume();
    collector.refused++;
    return sendJson(res, 429, { detail: 'Rate limited (sandbox collector in 429 mode)' });
  }
  const body = await readBody(req, MAX_ENVELOPE_BYTES);
  let items;
  try {
    items = parseEnvelope(body);
  } catch {
    throw new HttpError(400, { detail: 'The envelope is malformed' });
  }
  collector.accepted++;
  for (const item of items) {
    if (!STORED_TYPES.has(item.type)) continue;
    try {
      const text = item.payload.toString('utf8');
      if (jsonDepth(text) > MAX_JSON_DEPTH) throw new SyntaxError('too deep');
      const payload = JSON.parse(text) as Record<string, unknown>;
      collector.reports.push(digest(project, item.type, item.type === 'span' ? segmentOf(payload) : payload));
    } catch {
      throw new HttpError(400, { detail: `The ${item.type} item is not JSON` });
    }
  }
  sendJson(res, 200, { id: null });
}

const collectorOf = (state: SandboxState): ErrorCollector => state.errorCollector;

export const errorCollectorRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    pattern: /^\/sandbox\/sentry\/api\/(\d{1,12})\/envelope\/?$/,
    handle: (s, req, res, match) => receiveEnvelope(collectorOf(s), req, res, match[1]!),
  },
  {
    method: 'GET',
    pattern: /^\/sandbox\/sentry\/events$/,
    handle: (s, _req, res, _m, url) => {
      const { limit, cursor } = pageParams(url);
      const type = url.searchParams.get('type');
      const page = collectorOf(s).reports.page(cursor, limit, type ? (r) => r.type === type : undefined);
      sendJson(res, 200, { events: page.items, next_cursor: page.nextCursor });
    },
  },
  {
    method: 'POST',
    pattern: /^\/sandbox\/sentry\/mode$/,
    handle: async (s, req, res) => {
      const body = await readJsonBody(req);
      if (typeof body.rateLimited !== 'boolean') return sendJson(res, 400, { errors: { messages: ['Send { "rateLimited": true } or false'] } });
      collectorOf(s).rateLimited = body.rateLimited;
      res.writeHead(204).end();
    },
  },
  {
    method: 'GET',
    pattern: /^\/sandbox\/sentry\/stats$/,
    handle: (s, _req, res) => {
      const { accepted, refused, rateLimited, reports } = collectorOf(s);
      sendJson(res, 200, { accepted, refused, rateLimited, stored: reports.size });
    },
  },
];
