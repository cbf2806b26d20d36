/** /__report of the preview server (the funnel report of the sandbox collector's events) and the collector's JSON-lines log. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { startPreviewServer } from '../../scripts/server/previewServer.ts';
import { CONTENT_SECURITY_POLICY } from '../../engine/build/index.ts';
import { visitorMessages } from '../../scripts/report/simMessages.ts';
import { createRandom, DEFAULT_OPTIONS, simulateVisitor, simulationModel, type VisitorWalk } from '../../scripts/report/simulator.ts';
import { qualityRules } from '../../scripts/report/dataQuality.ts';
import { previewServerPerFile, send } from './previewServerHarness.ts';
import { expectedReasons, hostileLines } from './reportHostile.ts';

const preview = previewServerPerFile();
const LANDING = '/discount';

/** Simulated visitors of one landing path (the preview's flows run no experiment), as the batches the funnel would post. */
async function simulatedBatches(visitors: number): Promise<{ walks: VisitorWalk[]; batches: Array<Array<Record<string, unknown>>> }> {
  const data = await loadFunnelData();
  const model = simulationModel(data);
  const random = createRandom(3);
  const walks: VisitorWalk[] = [];
  const messages: Array<Record<string, unknown>> = [];
  for (let i = 0; i < visitors; i++) {
    const walk = simulateVisitor(model, { ...DEFAULT_OPTIONS, paths: [LANDING] }, random);
    walks.push(walk);
    // the collector stamps sentAt and receivedAt itself
    for (const { sentAt: _s, receivedAt: _r, ...m } of visitorMessages(model, walk, Date.now() - 60_000, random)) messages.push(m);
  }
  const batches: Array<Array<Record<string, unknown>>> = [];
  for (let k = 0; k < messages.length; k += 50) batches.push(messages.slice(k, k + 50));
  return { walks, batches };
}

const post = (base: string, batch: unknown[]) =>
  fetch(`${base}/sandbox/collect/v1/batch`, {
    method: 'POST',
    body: JSON.stringify({ batch, sentAt: new Date().toISOString() }),
    headers: { 'content-type': 'application/json' },
  });

describe('/__report', () => {
  it('says there is nothing to report before the collector received an event', async () => {
    const res = await send(preview.server.url, 'GET', '/__report');
    expect(res.status).toBe(200);
    expect(res.text).toContain('has received no events yet');
  });

  it("renders the funnel report of the collector's events, with a CSP that allows exactly its inline script and style", async () => {
    const { walks, batches } = await simulatedBatches(40);
    for (const batch of batches) expect((await post(preview.server.url, batch)).status).toBe(200);
    const res = await send(preview.server.url, 'GET', '/__report');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<h2>Landing variants</h2>');
    expect(res.text).toContain(`<th scope="row">discount</th><td>${walks.length}</td>`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toBe(CONTENT_SECURITY_POLICY);
    expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'; style-src 'sha256-/);
    expect(res.headers['x-frame-options']).toBe('DENY');
  }, 60_000);

  it('counts the hostile messages the collector received by reason, with every figure a number', async () => {
    const data = await loadFunnelData();
    const { walks, batches } = await simulatedBatches(10);
    for (const batch of batches) expect((await post(preview.server.url, batch)).status).toBe(200);
    const now = Date.now();
    const hostile = hostileLines(
      walks.map((w) => w.visitorId),
      now - 3_600_000,
      qualityRules(data, now),
    ).filter(
      (h) =>
        // the collector refuses a message without a known type or name itself, and stamps its own
        // sentAt and receivedAt (which move a time at the very edge of the bounds by the request's
        // milliseconds); a number past the largest double comes out of its JSON.parse as null
        !['unknown_type', 'no_event_name'].includes(h.expect) && !/"sentAt"|"receivedAt"|1e400/.test(h.line) && !/(latest|earliest) time/.test(h.what),
    );
    const body = `{"batch":[${hostile.map((h) => h.line).join(',')}],"sentAt":${JSON.stringify(new Date(now).toISOString())}}`;
    const answer = await fetch(`${preview.server.url}/sandbox/collect/v1/batch`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(await answer.json()).toEqual({ success: true });
    const res = await send(preview.server.url, 'GET', '/__report');
    const page = res.text.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '');
    expect(page).not.toMatch(/NaN|null|undefined|Infinity/);
    const quality = page.slice(page.indexOf('<h2>Data quality</h2>'));
    const reasons = expectedReasons(hostile);
    expect([...reasons.keys()]).toEqual(
      expect.arrayContaining(['time_too_early', 'time_in_future', 'time_unreadable', 'revenue_not_number', 'revenue_negative', 'revenue_too_large']),
    );
    for (const [reason, count] of reasons) expect(quality).toMatch(new RegExp(`<th scope="row">  ${reason}: [^<]*</th><td>${count}</td>`));
    const invalid = [...reasons.values()].reduce((s, n) => s + n, 0);
    expect(quality).toContain(`<th scope="row">invalid (left out), by reason:</th><td>${invalid}</td>`);
    expect(page).toContain(`${invalid} refused as invalid`);
  }, 60_000);

  it('refuses methods other than GET and HEAD, like the other pages', async () => {
    expect((await send(preview.server.url, 'POST', '/__report', '{}')).status).toBe(405);
  });
});

describe("the collector's log file", () => {
  it('appends every accepted message once, with sentAt and receivedAt, as JSON lines the report reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'collector-log-'));
    const log = join(dir, 'logs', 'collector.jsonl');
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    const server = await startPreviewServer({ distDir: dir, port: 0, collectorLog: log });
    try {
      const { batches } = await simulatedBatches(3);
      const first = batches[0]!;
      expect((await post(server.url, first)).status).toBe(200);
      // a retried batch: the collector keeps one copy of each message
      expect((await post(server.url, first)).status).toBe(200);
      const lines = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines.map((l) => l.messageId)).toEqual(first.map((m) => m.messageId));
      expect(lines[0]).toMatchObject({ ...first[0], sentAt: expect.any(String), receivedAt: expect.any(String) });
      const res = await send(server.url, 'GET', '/__report');
      expect(res.text).toContain(`read from ${log}`);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
