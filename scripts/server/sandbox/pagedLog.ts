/**
 * An append-only log with a size cap and an age limit, read in pages: each entry gets a sequence
 * number, a page is the entries after a cursor (the last sequence number seen), and the answer
 * carries the cursor of the next page. Lists of the sandbox API are read this way, so no answer
 * grows with the log.
 */
import { HttpError } from '../http.ts';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

export interface Page<T> {
  items: T[];
  /** Pass as `cursor` for the next page; null when this page reached the end. */
  nextCursor: string | null;
}

interface Entry<T> {
  seq: number;
  at: number;
  item: T;
}

export class PagedLog<T> {
  private entries: Entry<T>[] = [];
  private nextSeq = 1;

  constructor(
    readonly maxEntries: number,
    readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    this.expire();
    return this.entries.length;
  }

  push(item: T): void {
    this.entries.push({ seq: this.nextSeq++, at: this.now(), item });
    if (this.entries.length > this.maxEntries) this.entries.splice(0, this.entries.length - this.maxEntries);
    this.expire();
  }

  clear(): void {
    this.entries = [];
  }

  /** The entries after `cursor` that pass `filter`, at most `limit` of them. */
  page(cursor: number, limit: number, filter: (item: T) => boolean = () => true): Page<T> {
    this.expire();
    const items: T[] = [];
    let lastSeq = cursor;
    let more = false;
    for (const entry of this.entries) {
      if (entry.seq <= cursor || !filter(entry.item)) continue;
      if (items.length === limit) {
        more = true;
        break;
      }
      items.push(entry.item);
      lastSeq = entry.seq;
    }
    return { items, nextCursor: more ? String(lastSeq) : null };
  }

  private expire(): void {
    const oldest = this.now() - this.maxAgeMs;
    let drop = 0;
    while (drop < this.entries.length && this.entries[drop]!.at < oldest) drop++;
    if (drop) this.entries.splice(0, drop);
  }
}

/** Reads `limit` (1..500, default 100) and `cursor` (default 0) from a list URL; bad values are a 400. */
export function pageParams(url: URL): { limit: number; cursor: number } {
  const rawLimit = url.searchParams.get('limit');
  const rawCursor = url.searchParams.get('cursor');
  const limit = rawLimit === null ? DEFAULT_PAGE_SIZE : Number(rawLimit);
  const cursor = rawCursor === null || rawCursor === '' ? 0 : Number(rawCursor);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new HttpError(400, { errors: { messages: [`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`] } });
  }
  if (!Number.isSafeInteger(cursor) || cursor < 0) throw new HttpError(400, { errors: { messages: ['cursor must be the next_cursor of an earlier page'] } });
  return { limit, cursor };
}
