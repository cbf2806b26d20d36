/**
 * The event inspector of the preview server (`/__events`): every tracked event as one row, with one
 * column per analytics destination of the preview environment (flows/destinations.json) holding what
 * that destination made of the event: the Segment message as the sandbox collector received it in
 * the batch body, the Meta Pixel `fbq` call, the GA4 `gtag` call, and so on, side by side. Calls a
 * destination makes for no event (init, consent, config) are rows of their own. The page polls
 * /sandbox/inspector/feed once a second; every value is written as text (textContent), never as HTML.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { RELAY_COLUMNS } from './sandbox/vendorEndpoints.ts';

const DESTINATIONS_FILE = new URL('../../flows/destinations.json', import.meta.url);

/** The columns: the preview environment's destinations, in the file's order. */
export function inspectorColumns(file: URL | string = DESTINATIONS_FILE): Array<{ id: string; type: string }> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { environments?: { preview?: { destinations?: Array<{ id?: unknown; type?: unknown }> } } };
    return (data.environments?.preview?.destinations ?? []).flatMap((d) => (typeof d.id === 'string' ? [{ id: d.id, type: String(d.type) }] : []));
  } catch {
    return []; // the page still shows a column for every destination the feed names
  }
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Event inspector</title>
<link rel="stylesheet" href="/__events/inspector.css">
<script src="/__events/inspector.js" defer></script>
</head>
<body>
<header>
<h1>Event inspector</h1>
<p>Each tracked event, newest first, with what every destination was sent for it, side by side. Filter by event name, destination or visitor id.</p>
<label>Filter <input id="filter" type="search" autocomplete="off"></label>
<button id="pause" type="button" aria-pressed="false">Pause</button>
<span id="count" aria-live="polite"></span>
</header>
<main>
<table>
<caption class="visually-hidden">Events by destination</caption>
<thead><tr id="head"></tr></thead>
<tbody id="rows"></tbody>
</table>
</main>
</body>
</html>`;

const SCRIPT = `(() => {
  const rows = document.getElementById('rows');
  const head = document.getElementById('head');
  const filter = document.getElementById('filter');
  const pause = document.getElementById('pause');
  const count = document.getElementById('count');
  // one row per event id (or per set-up call), each holding every destination's entries
  const byKey = new Map();
  let columns = [];
  let after = 0;
  let paused = false;
  const text = (tag, value, cls) => {
    const el = document.createElement(tag);
    el.textContent = value;
    if (cls) el.className = cls;
    return el;
  };
  // the sandbox collector receives what every Segment-format destination sends
  const columnsOf = (entry) => {
    if (entry.source !== 'collector') return [entry.source];
    const segment = columns.filter((c) => c.type === 'segment-http').map((c) => c.id);
    return segment.length ? segment : ['collector'];
  };
  const add = (entry) => {
    const key = entry.eventId ? 'event:' + entry.eventId : 'call:' + entry.seq;
    let row = byKey.get(key);
    if (!row) {
      row = { key, at: entry.at, kind: '', name: '', visitor: '', cells: new Map(), setup: !entry.eventId };
      byKey.set(key, row);
    }
    row.at = Math.min(row.at, entry.at);
    if (entry.event) {
      row.kind = entry.event.kind;
      row.name = entry.event.name;
    } else if (!row.name) {
      row.kind = 'set-up';
      row.name = entry.kind;
    }
    if (entry.userUuid) row.visitor = entry.userUuid;
    for (const id of columnsOf(entry)) {
      if (!columns.some((c) => c.id === id)) columns.push({ id, type: '' });
      if (!row.cells.has(id)) row.cells.set(id, []);
      row.cells.get(id).push(entry.payload);
    }
  };
  const render = () => {
    head.replaceChildren(...['time', 'event', 'visitor'].map((h) => Object.assign(text('th', h), { scope: 'col' })),
      ...columns.map((c) => Object.assign(text('th', c.id + (c.type ? ' (' + c.type + ')' : '')), { scope: 'col' })));
    const q = filter.value.trim().toLowerCase();
    const all = [...byKey.values()].sort((a, b) => b.at - a.at);
    const shown = all.filter((r) => !q || [r.kind, r.name, r.visitor, ...r.cells.keys()].some((v) => String(v).toLowerCase().includes(q)));
    rows.replaceChildren(...shown.map((r) => {
      const tr = document.createElement('tr');
      tr.dataset.event = r.name;
      tr.dataset.kind = r.kind;
      tr.appendChild(text('td', new Date(r.at).toLocaleTimeString()));
      tr.appendChild(text('th', r.kind + ' ' + r.name, 'name'));
      tr.lastChild.scope = 'row';
      tr.appendChild(text('td', r.visitor, 'visitor'));
      for (const c of columns) {
        const sent = r.cells.get(c.id);
        const td = document.createElement('td');
        td.dataset.destination = c.id;
        if (sent) td.appendChild(text('pre', sent.map((p) => JSON.stringify(p, null, 1)).join('\\n'), 'payload'));
        else td.appendChild(text('span', r.setup ? '' : 'not sent', 'none'));
        tr.appendChild(td);
      }
      return tr;
    }));
    count.textContent = shown.length + ' of ' + all.length + ' rows';
  };
  const poll = async () => {
    if (!paused) {
      try {
        const res = await fetch('/sandbox/inspector/feed?after=' + after, { cache: 'no-store' });
        const body = await res.json();
        for (const e of body.entries) {
          add(e);
          after = Math.max(after, e.seq);
        }
        if (byKey.size > 2000) [...byKey.keys()].slice(0, byKey.size - 2000).forEach((k) => byKey.delete(k));
        if (body.entries.length) render();
      } catch (error) {
        count.textContent = 'The preview server does not answer; retrying.';
      }
    }
    setTimeout(poll, 1000);
  };
  filter.addEventListener('input', render);
  pause.addEventListener('click', () => {
    paused = !paused;
    pause.setAttribute('aria-pressed', String(paused));
    pause.textContent = paused ? 'Resume' : 'Pause';
  });
  fetch('/__events/columns.json', { cache: 'no-store' })
    .then((res) => res.json())
    .then((list) => {
      for (const c of list) if (!columns.some((k) => k.id === c.id)) columns.push(c);
    })
    .catch(() => {})
    .finally(() => {
      render();
      poll();
    });
})();
`;

const STYLE = `body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d2b36; }
header { padding: 12px 16px; border-bottom: 1px solid #e3e8ec; display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
header p { flex-basis: 100%; margin: 0; }
h1 { font-size: 20px; margin: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e3e8ec; vertical-align: top; }
th[scope="row"] { font-weight: 600; white-space: nowrap; }
pre.payload { font-family: ui-monospace, monospace; font-size: 12px; margin: 0; white-space: pre-wrap; word-break: break-all; max-width: 40ch; }
tr[data-kind="set-up"] { color: #5b6b77; }
span.none { color: #8a98a3; font-style: italic; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

const FILES: Record<string, [string, string]> = {
  '/__events': ['text/html; charset=utf-8', PAGE],
  '/__events/inspector.js': ['text/javascript; charset=utf-8', SCRIPT],
  '/__events/inspector.css': ['text/css; charset=utf-8', STYLE],
};

/** Answers the inspector's files; false for any other path. */
export function serveInspector(pathname: string, res: ServerResponse, headers: Record<string, string>): boolean {
  const columns = () => JSON.stringify([...inspectorColumns(), ...RELAY_COLUMNS]);
  const file = pathname === '/__events/columns.json' ? ['application/json; charset=utf-8', columns()] : FILES[pathname];
  if (!file) return false;
  res.writeHead(200, { ...headers, 'content-type': file[0], 'cache-control': 'no-store' });
  res.end(file[1]);
  return true;
}
