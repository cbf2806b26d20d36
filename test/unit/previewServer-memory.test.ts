/**
 * Memory stays flat under a bounded burst of bad and oversized requests: 3,000 of each, to the
 * in-process preview server on 127.0.0.1, heap measured after a full GC before and after.
 */
import { Agent, request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { previewServerPerFile } from './previewServerHarness.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const BURST = 3000;
const CONCURRENCY = 16;
/** The heap may grow this much at most after the burst (caches, JIT, test bookkeeping). */
const HEAP_GROWTH_LIMIT = 8 * 1024 * 1024;
/** RSS is noisier (allocator, sockets): a looser bound that still catches a leak of the bodies. */
const RSS_GROWTH_LIMIT = 64 * 1024 * 1024;

const preview = previewServerPerFile();
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

interface Shot {
  method: string;
  path: string;
  body?: string;
}

function fire(shot: Shot): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      `${preview.server.url}/`,
      { method: shot.method, path: shot.path, agent, headers: shot.body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(10_000, () => req.destroy());
    req.on('error', () => resolve(0)); // the server may close the socket after a 413 or 431
    req.end(shot.body);
  });
}

async function burst(shots: (i: number) => Shot, count: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const status = await fire(shots(next++));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return statuses;
}

const BAD: Shot[] = [
  { method: 'GET', path: '/%' },
  { method: 'GET', path: '/sandbox/%E0%A4%A' },
  { method: 'POST', path: '/sandbox/webapi/api/v1/signup', body: '{not json' },
  { method: 'POST', path: '/sandbox/events', body: '{"kind":1}' },
  { method: 'GET', path: '/sandbox/events?limit=nope' },
  { method: 'DELETE', path: '/landing' },
];
const big = 'x'.repeat(17 * 1024);
const OVERSIZED: Shot[] = [
  { method: 'GET', path: `/landing?utm_source=${'q'.repeat(20_000)}` },
  { method: 'GET', path: `/${'p'.repeat(20_000)}` },
  { method: 'POST', path: '/sandbox/events', body: JSON.stringify({ kind: 'track', name: 'x', props: { big } }) },
  {
    method: 'POST',
    path: '/sandbox/webapi/api/v1/signup',
    body: JSON.stringify({ registration_source: 'email', email: 'a@example.com', name: 'A', landing_type: 'l'.repeat(10_000) }),
  },
  { method: 'POST', path: '/sandbox/events', body: JSON.stringify({ kind: 'track', name: 'n'.repeat(10_000) }) },
];

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

afterAll(() => agent.destroy());

describe('a burst of bad and oversized requests', () => {
  it('answers each with a 4xx, stores nothing and keeps the heap flat', async () => {
    await burst((i) => BAD[i % BAD.length]!, 200); // warm-up: JIT, sockets, lazy modules
    const before = heapAfterGc();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const bad = await burst((i) => BAD[i % BAD.length]!, BURST);
    const oversized = await burst((i) => OVERSIZED[i % OVERSIZED.length]!, BURST);
    const seconds = (performance.now() - started) / 1000;
    const after = heapAfterGc();
    const rssAfter = process.memoryUsage().rss;
    console.log(
      `burst of ${2 * BURST} requests in ${seconds.toFixed(1)} s: heap ${(before / 1048576).toFixed(1)} -> ${(after / 1048576).toFixed(1)} MiB, rss ${(rssBefore / 1048576).toFixed(1)} -> ${(rssAfter / 1048576).toFixed(1)} MiB`,
    );

    expect([...bad.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
    expect([...oversized.keys()].every((s) => s === 303 || (s >= 400 && s < 500))).toBe(true);
    expect(preview.server.state.accountsByEmail.size).toBe(0);
    expect(preview.server.state.events.size).toBe(0);
    expect(after - before).toBeLessThan(HEAP_GROWTH_LIMIT);
    expect(rssAfter - rssBefore).toBeLessThan(RSS_GROWTH_LIMIT);
  }, 120_000);
});
