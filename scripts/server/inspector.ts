/**
 * The event inspector of the preview server (`/__events`): a page that lists, live, every event the
 * sandbox collector received and every call each browser-side destination (Meta Pixel, GA4) was
 * sent, so tracking can be checked before a launch. It polls /sandbox/inspector/feed once a second;
 * every value is written as text (textContent), never as HTML.
 */
import type { ServerResponse } from 'node:http';

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
<p>What the sandbox collector received and what each destination was sent, newest first. Filter by source, event name or visitor id.</p>
<label>Filter <input id="filter" type="search" autocomplete="off"></label>
<button id="pause" type="button" aria-pressed="false">Pause</button>
<span id="count" aria-live="polite"></span>
</header>
<main>
<table>
<caption class="visually-hidden">Events</caption>
<thead><tr><th scope="col">time</th><th scope="col">source</th><th scope="col">kind</th><th scope="col">name</th><th scope="col">visitor</th><th scope="col">payload</th></tr></thead>
<tbody id="rows"></tbody>
</table>
</main>
</body>
</html>`;

const SCRIPT = `(() => {
  const rows = document.getElementById('rows');
  const filter = document.getElementById('filter');
  const pause = document.getElementById('pause');
  const count = document.getElementById('count');
  const entries = [];
  let after = 0;
  let paused = false;
  const cell = (tr, text, cls) => {
    const td = document.createElement('td');
    td.textContent = text;
    if (cls) td.className = cls;
    tr.appendChild(td);
  };
  const render = () => {
    const q = filter.value.trim().toLowerCase();
    const shown = entries.filter((e) => !q || [e.source, e.kind, e.name, e.userUuid].some((v) => String(v).toLowerCase().includes(q)));
    rows.replaceChildren(...shown.slice().reverse().map((e) => {
      const tr = document.createElement('tr');
      tr.dataset.source = e.source;
      cell(tr, new Date(e.at).toLocaleTimeString());
      cell(tr, e.source, 'source');
      cell(tr, e.kind);
      cell(tr, e.name, 'name');
      cell(tr, e.userUuid);
      cell(tr, JSON.stringify(e.payload), 'payload');
      return tr;
    }));
    count.textContent = shown.length + ' of ' + entries.length + ' entries';
  };
  const poll = async () => {
    if (!paused) {
      try {
        const res = await fetch('/sandbox/inspector/feed?after=' + after, { cache: 'no-store' });
        const body = await res.json();
        for (const e of body.entries) {
          entries.push(e);
          after = Math.max(after, e.seq);
        }
        if (entries.length > 2000) entries.splice(0, entries.length - 2000);
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
  render();
  poll();
})();
`;

const STYLE = `body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1d2b36; }
header { padding: 12px 16px; border-bottom: 1px solid #e3e8ec; display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
header p { flex-basis: 100%; margin: 0; }
h1 { font-size: 20px; margin: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid #e3e8ec; vertical-align: top; }
td.payload { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
tr[data-source="collector"] td.source { color: #00564a; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

const FILES: Record<string, [string, string]> = {
  '/__events': ['text/html; charset=utf-8', PAGE],
  '/__events/inspector.js': ['text/javascript; charset=utf-8', SCRIPT],
  '/__events/inspector.css': ['text/css; charset=utf-8', STYLE],
};

/** Answers the inspector's files; false for any other path. */
export function serveInspector(pathname: string, res: ServerResponse, headers: Record<string, string>): boolean {
  const file = FILES[pathname];
  if (!file) return false;
  res.writeHead(200, { ...headers, 'content-type': file[0], 'cache-control': 'no-store' });
  res.end(file[1]);
  return true;
}
