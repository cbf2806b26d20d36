/**
 * The dead-letter file: one JSON object per line (JSON Lines), appended, for what a vendor still
 * refused after every retry. A line holds the request without its secrets, so it can be inspected and
 * sent again once the cause is fixed (docs/operations.md "Server-side conversions").
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DeadLetterSink } from './delivery.ts';

/** @example createRelay({ …, deadLetter: deadLetterFile('/var/log/funnel/relay-dead-letter.jsonl') }) */
export function deadLetterFile(path: string): DeadLetterSink {
  return async (entry) => {
    await mkdir(dirname(path), { recursive: true });
    await appendFile(path, `${JSON.stringify(entry)}\n`, 'utf8');
  };
}
