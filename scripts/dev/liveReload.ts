/**
 * Live reload for `npm run dev`: a server-sent-events channel (`/__dev/events`) that tells every open
 * page to reload after a good build, or to show the problems of a failed one in an overlay; and the
 * small client script (`/__dev/client.js`) that the dev app shell loads. A page that connects gets the
 * current state at once, so a page opened while the flows are broken shows the overlay too.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const DEV_CLIENT_PATH = '/__dev/client.js';
export const DEV_EVENTS_PATH = '/__dev/events';
/** The overlay's element id (tests look for it). */
export const OVERLAY_ID = 'funnel-dev-overlay';

/** The state the pages are told about: the problems of the last cycle (none: the bundle is current). */
export interface LiveReload {
  /** Answers `/__dev/*`; false for every other path. */
  handle: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
  reload: () => void;
  problems: (lines: string[]) => void;
  /** Open pages. */
  clients: () => number;
  close: () => void;
}

/** The client's source, read once (see client.js for why it is a plain script). */
const CLIENT_SOURCE = readFileSync(new URL('./client.js', import.meta.url), 'utf8');

/** The script tag that loads the client in a dev page. */
export const DEV_CLIENT_TAG = `<script src="${DEV_CLIENT_PATH}" data-events="${DEV_EVENTS_PATH}" data-overlay="${OVERLAY_ID}"></script>`;

export function createLiveReload(): LiveReload {
  const open = new Set<ServerResponse>();
  let current: string[] = [];
  const send = (res: ServerResponse, event: string, data: unknown): void => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  return {
    handle(req, res, pathname) {
      if (pathname === DEV_CLIENT_PATH) {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
        res.end(CLIENT_SOURCE);
        return true;
      }
      if (pathname !== DEV_EVENTS_PATH) return false;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      send(res, 'problems', current);
      open.add(res);
      req.on('close', () => open.delete(res));
      return true;
    },
    reload() {
      current = [];
      for (const res of open) send(res, 'reload', {});
    },
    problems(lines) {
      current = lines;
      for (const res of open) send(res, 'problems', lines);
    },
    clients: () => open.size,
    close() {
      for (const res of open) res.end();
      open.clear();
    },
  };
}
