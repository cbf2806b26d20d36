/** The preview's Segment batch collector and the /__events inspector's feed and page. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { toSegmentMessage } from '../../engine/analytics/runtime.ts';
import { removeBuild } from '../removeBuild.ts';

let server: PreviewServer;
let distDir = '';

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'collector-dist-'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  server = await startPreviewServer({ distDir, port: 0 });
});

afterAll(async () => {
  await server.close();
  removeBuild(distDir);
});

const post = (path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

describe('Segment batch collector', () => {
  it('stores each message of a batch in the analytics log and the inspector feed, refusing bad messages on their own', async () => {
    const good = toSegmentMessage({
      kind: 'track',
      name: '<img src=x onerror=alert(1)>',
      props: { plan: 'p' },
      userUuid: 'v-collect',
      at: Date.now(),
      context: { campaign: { source: 'fb' } },
    });
    const page = toSegmentMessage({ kind: 'page', name: '/discount', props: {}, userUuid: 'v-collect', at: Date.now() });
    const res = await post('/sandbox/collect/v1/batch', { batch: [good, { type: 'alias' }, page], sentAt: new Date().toISOString() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, rejected: ['message 1: type must be track, page or identify'] });
    const { events } = (await (await fetch(`${server.url}/sandbox/events?userUuid=v-collect`)).json()) as { events: Array<Record<string, unknown>> };
    expect(events.map((e) => [e.kind, e.name])).toEqual([
      ['track', '<img src=x onerror=alert(1)>'],
      ['page', '/discount'],
    ]);
    expect(events[0]).toMatchObject({ props: { plan: 'p', landing_type: '', experiments: {} }, context: { campaign: { source: 'fb' } } });
    const feed = (await (await fetch(`${server.url}/sandbox/inspector/feed?after=0`)).json()) as {
      entries: Array<{ seq: number; source: string; name: string }>;
    };
    expect(feed.entries.filter((e) => e.source === 'collector').map((e) => e.name)).toEqual(
      expect.arrayContaining(['<img src=x onerror=alert(1)>', '/discount']),
    );
    const last = Math.max(...feed.entries.map((e) => e.seq));
    expect(((await (await fetch(`${server.url}/sandbox/inspector/feed?after=${last}`)).json()) as { entries: unknown[] }).entries).toEqual([]);
  });

  it('keeps one copy of a message that arrives twice (a retry, or a page-hide beacon after a cut-off request)', async () => {
    const message = toSegmentMessage({ kind: 'track', name: 'upsell_purchased', props: {}, userUuid: 'v-twice', at: Date.now() });
    expect((await post('/sandbox/collect/v1/batch', { batch: [message] })).status).toBe(200);
    expect((await post('/sandbox/collect/v1/batch', { batch: [message] })).status).toBe(200);
    const { events } = (await (await fetch(`${server.url}/sandbox/events?userUuid=v-twice`)).json()) as { events: unknown[] };
    expect(events).toHaveLength(1);
  });

  it('answers 4xx to a body that is not a batch, too many messages or more than 64 KiB', async () => {
    expect((await post('/sandbox/collect/v1/batch', '[1]')).status).toBe(400);
    expect((await post('/sandbox/collect/v1/batch', { batch: [{ type: 'alias' }] })).status).toBe(400);
    expect((await post('/sandbox/collect/v1/batch', { batch: Array.from({ length: 101 }, () => ({ type: 'track', event: 'e' })) })).status).toBe(400);
    expect((await post('/sandbox/collect/v1/batch', { batch: [{ type: 'track', event: 'e', properties: { big: 'x'.repeat(70_000) } }] })).status).toBe(413);
    expect((await fetch(`${server.url}/sandbox/inspector/feed?after=-1`)).status).toBe(400);
  });

  it('records what the browser-side destinations were sent', async () => {
    const res = await post('/sandbox/inspector', { calls: [{ destination: 'meta', call: ['track', 'Purchase', { value: 1 }, { eventID: 'e1' }], at: 1 }] });
    expect(res.status).toBe(204);
    const feed = (await (await fetch(`${server.url}/sandbox/inspector/feed`)).json()) as {
      entries: Array<{ source: string; kind: string; name: string; payload: unknown }>;
    };
    expect(feed.entries.find((e) => e.source === 'meta')).toMatchObject({
      kind: 'track',
      name: 'Purchase',
      payload: ['track', 'Purchase', { value: 1 }, { eventID: 'e1' }],
    });
  });
});

describe('/__events', () => {
  it('serves the inspector page with the security headers, its script as a file, and writes values only as text', async () => {
    const res = await fetch(`${server.url}/__events`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<script src="/__events/inspector.js" defer></script>');
    const script = await (await fetch(`${server.url}/__events/inspector.js`)).text();
    expect(script).toContain('textContent');
    expect(script).not.toMatch(/innerHTML|insertAdjacentHTML|document\.write/);
    expect((await fetch(`${server.url}/__events/inspector.css`)).headers.get('content-type')).toMatch(/text\/css/);
  });
});
