/**
 * The Segment-format batch destination with its collector on another origin (a second loopback
 * port), in Chromium: events sent while the page is open arrive by fetch, and those still waiting
 * when the visitor leaves arrive by sendBeacon, as text/plain, without a CORS preflight. (With an
 * application/json beacon Chromium sends only the preflight: the batch is lost while sendBeacon
 * returns true.) The page loads the destination's real code, bundled for the test.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, closeBrowser } from './browser.ts';

interface Received {
  method: string;
  path: string;
  contentType: string;
  body: string;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const received: Received[] = [];
let pageServer: Server;
let collector: Server;
let pageOrigin = '';
let collectorOrigin = '';

const listen = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

/** The destination as the funnel creates it, exposed to the test page. */
async function bundledSink(): Promise<string> {
  const result = await esbuild.build({
    stdin: {
      contents: `import { createSegmentSink } from './engine/analytics/segmentSink.ts';
        window.startSink = (settings) => createSegmentSink({ id: 'collector', type: 'segment-http', category: 'analytics', settings }, { window, consent: { analytics: true, marketing: true }, report() {} });`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
  });
  return result.outputFiles[0]!.text;
}

beforeAll(async () => {
  const script = await bundledSink();
  pageServer = createServer((req, res) => {
    if (req.url === '/sink.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    if (req.url === '/left') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>left</title>');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>page</title><script src="/sink.js"></script>');
  });
  // a collector that answers CORS as permissively as a hosted batch API does, preflights included
  collector = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type, authorization',
      });
      res.end();
    });
  });
  pageOrigin = await listen(pageServer);
  collectorOrigin = await listen(collector);
});

afterAll(async () => {
  await closeBrowser();
  await new Promise((r) => pageServer.close(r));
  await new Promise((r) => collector.close(r));
});

const posted = (path: string): Array<{ event: string }> =>
  received.filter((r) => r.method === 'POST' && r.path === path).flatMap((r) => (JSON.parse(r.body) as { batch: Array<{ event: string }> }).batch);

describe('a collector on another origin', () => {
  it('gets the batches sent while the page is open and, by beacon as text/plain without a preflight, those left when the visitor leaves', async () => {
    expect(new URL(pageOrigin).origin).not.toBe(new URL(collectorOrigin).origin);
    const context = await (await browser()).newContext();
    const page = await context.newPage();
    await page.goto(`${pageOrigin}/`);
    // sent at once (flushAt 1): by fetch
    await page.evaluate((url) => {
      const sink = (window as unknown as { startSink: (s: object) => { send(e: object): void } }).startSink({ url, flushAt: 1 });
      sink.send({ kind: 'track', name: 'Checkout Started', props: {}, userUuid: 'v1', at: Date.now() });
    }, `${collectorOrigin}/open/v1/batch`);
    await expect.poll(() => posted('/open/v1/batch').map((m) => m.event)).toEqual(['Checkout Started']);
    // waiting for the batch timer when the visitor leaves: by beacon
    await page.evaluate((url) => {
      const sink = (window as unknown as { startSink: (s: object) => { send(e: object): void } }).startSink({ url, flushIntervalMs: 60_000 });
      for (const name of ['Payment Info Entered', 'Order Completed']) sink.send({ kind: 'track', name, props: {}, userUuid: 'v1', at: Date.now() });
    }, `${collectorOrigin}/left/v1/batch`);
    await page.goto(`${pageOrigin}/left`);
    await expect.poll(() => posted('/left/v1/batch').map((m) => m.event)).toEqual(['Payment Info Entered', 'Order Completed']);
    const beacon = received.find((r) => r.path === '/left/v1/batch' && r.method === 'POST')!;
    expect(beacon.contentType).toMatch(/^text\/plain/);
    expect(received.filter((r) => r.method === 'OPTIONS')).toEqual([]);
    await context.close();
  });
});
