/**
 * `/__report` of the preview server: the funnel report (scripts/report/) of what the sandbox
 * collector received, the same page `npm run report` writes. It reads the collector's log file when
 * the server keeps one, else the messages in memory. The report's modules and DuckDB load on the
 * first request, not at server start. The page's own Content-Security-Policy allows exactly its
 * inline script and style.
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectorLogFile, keptMessages } from './sandbox/collectorLog.ts';
import type { SandboxState } from './sandbox/state.ts';

export const REPORT_PATH = '/__report';

const EMPTY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Funnel report</title></head>
<body><h1>Funnel report</h1><p>The sandbox collector has received no events yet. Open a landing of the preview, walk a few steps, and reload this page.</p></body></html>`;

/** Writes the report page of the collector's events. */
export async function serveReport(state: SandboxState, res: ServerResponse, headers: Record<string, string>): Promise<void> {
  const file = collectorLogFile(state);
  const fromFile = file && existsSync(file) && statSync(file).size > 0 ? file : undefined;
  const messages = fromFile ? [] : keptMessages(state);
  if (!fromFile && !messages.length) {
    res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(EMPTY);
    return;
  }
  const [{ buildReport }, { reportPage }, { loadFunnelData }] = await Promise.all([
    import('../report/analyse.ts'),
    import('../report/html.ts'),
    import('../../engine/validate/index.ts'),
  ]);
  const dir = fromFile ? undefined : mkdtempSync(join(tmpdir(), 'collector-report-'));
  try {
    const input = fromFile ?? join(dir!, 'collector.jsonl');
    if (!fromFile) writeFileSync(input, messages.map((m) => JSON.stringify(m)).join('\n') + '\n');
    const report = await buildReport(await loadFunnelData(), [{ path: input, format: 'jsonl' }], { memoryLimit: '512MB', threads: 1 });
    report.inputs = [fromFile ? fromFile : 'the sandbox collector (memory)'];
    const { html, csp } = reportPage(report);
    res.writeHead(200, { ...headers, 'content-security-policy': csp, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
