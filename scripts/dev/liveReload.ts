/**
 * Live reload for `npm run dev`: a server-sent-events channel (`/__dev/events`) that tells every open
 * page to reload after a good build, or to show the problems of a failed one in an overlay; and the
 * small client script (`/__dev/client.js`) that the dev app shell loads. A page that connects gets the
 * current state at once, so a page opened while the flows are broken shows the overlay too.
 */
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

/**
 * Runs in the page (serialised with Function.prototype.toString): reloads on `reload`, shows or
 * removes the overlay on `problems`. Styles are set through the CSSOM (the CSP has no inline styles).
 */
function devClient(eventsPath: string, overlayId: string): void {
  const show = (lines: string[]): void => {
    document.getElementById(overlayId)?.remove();
    if (!lines.length) return;
    const box = document.createElement('div');
    box.id = overlayId;
    box.setAttribute('role', 'alert');
    Object.assign(box.style, {
      position: 'fixed',
      inset: '0',
      zIndex: '2147483647',
      overflow: 'auto',
      padding: '24px',
      background: 'rgba(20, 24, 28, 0.94)',
      color: '#fff',
      font: '14px/1.5 ui-monospace, monospace',
    });
    const title = document.createElement('h2');
    title.textContent = 'The funnel cannot be built: fix these and save, the page recovers by itself';
    Object.assign(title.style, { margin: '0 0 16px', color: '#ff8a80', font: 'bold 16px/1.4 system-ui, sans-serif' });
    const list = document.createElement('pre');
    list.textContent = lines.join('\n');
    Object.assign(list.style, { margin: '0', whiteSpace: 'pre-wrap' });
    box.append(title, list);
    (document.body ?? document.documentElement).append(box);
  };
  const source = new EventSource(eventsPath);
  source.addEventListener('reload', () => location.reload());
  source.addEventListener('problems', (event) => show(JSON.parse((event as MessageEvent<string>).data) as string[]));
}

const CLIENT_SOURCE = `(${devClient.toString()})(${JSON.stringify(DEV_EVENTS_PATH)}, ${JSON.stringify(OVERLAY_ID)});\n`;

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
