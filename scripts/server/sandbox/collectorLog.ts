/**
 * The collector's messages as received, for the funnel report: each accepted Segment message with
 * the batch's `sentAt` and the server's `receivedAt` (as Segment adds them), kept in memory (bounded
 * like the analytics log) and, when the server was given a log file, appended to it as JSON lines.
 * `npm start` writes .build/collector.jsonl unless COLLECTOR_LOG names another file (or is empty: no
 * file); `npm run report` reads that file by default, `/__report` reads the log or the memory.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PagedLog } from './pagedLog.ts';
import { EVENT_TTL_MS, MAX_EVENTS, type SandboxState } from './state.ts';

const root = new URL('../../..', import.meta.url).pathname;

/** The log file `npm start` writes and `npm run report` reads: COLLECTOR_LOG, else .build/collector.jsonl. */
export function defaultCollectorLog(): string {
  return process.env.COLLECTOR_LOG ?? join(root, '.build', 'collector.jsonl');
}

interface RawLog {
  messages: PagedLog<Record<string, unknown>>;
  file?: string;
}

const logs = new WeakMap<SandboxState, RawLog>();

function rawLog(state: SandboxState): RawLog {
  let log = logs.get(state);
  if (!log) logs.set(state, (log = { messages: new PagedLog(MAX_EVENTS, EVENT_TTL_MS) }));
  return log;
}

/** Makes the collector append every accepted message to `file` (created with its folder if missing). */
export function setCollectorLogFile(state: SandboxState, file: string | undefined): void {
  if (file) mkdirSync(dirname(file), { recursive: true });
  rawLog(state).file = file || undefined;
}

/** The log file the collector appends to, if any. */
export const collectorLogFile = (state: SandboxState): string | undefined => rawLog(state).file;

/** Keeps the accepted messages of one batch. */
export function keepMessages(state: SandboxState, messages: Array<Record<string, unknown>>, sentAt: unknown): void {
  if (!messages.length) return;
  const log = rawLog(state);
  const receivedAt = new Date().toISOString();
  const stamped = messages.map((m) => ({ ...m, ...(typeof sentAt === 'string' ? { sentAt } : {}), receivedAt }));
  for (const m of stamped) log.messages.push(m);
  if (log.file) appendFileSync(log.file, stamped.map((m) => JSON.stringify(m) + '\n').join(''));
}

/** The messages in memory (the newest MAX_EVENTS of the last day), oldest first. */
export function keptMessages(state: SandboxState): Array<Record<string, unknown>> {
  return rawLog(state).messages.page(0, Number.MAX_SAFE_INTEGER).items;
}
