/**
 * Local stand-ins for the three vendor APIs the purchase relay calls, on 127.0.0.1 and a free port:
 * they record every request and answer with the statuses a test queues per vendor (200 by default;
 * a status of 0 drops the connection, a network failure).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Vendor = 'meta' | 'ga4' | 'segment';

export interface Received {
  vendor: Vendor;
  path: string;
  query: URLSearchParams;
  authorization: string;
  contentType: string;
  body: Record<string, unknown>;
}

export interface VendorStandIns {
  base: string;
  received: Received[];
  /** Answers each next request of the vendor with these statuses, in order (then 200). */
  answer(vendor: Vendor, ...statuses: number[]): void;
  of(vendor: Vendor): Received[];
  close(): Promise<void>;
}

const vendorOf = (path: string): Vendor | undefined => (['meta', 'ga4', 'segment'] as const).find((v) => path.startsWith(`/${v}/`));

export async function startVendorStandIns(): Promise<VendorStandIns> {
  const received: Received[] = [];
  const queued = new Map<Vendor, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const vendor = vendorOf(url.pathname);
      if (!vendor) return void res.writeHead(404).end();
      received.push({
        vendor,
        path: url.pathname.slice(vendor.length + 1),
        query: url.searchParams,
        authorization: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
      });
      const status = queued.get(vendor)?.shift() ?? 200;
      if (status === 0) return void req.socket.destroy();
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(status < 300 ? { success: true } : { error: 'stand-in failure' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    answer: (vendor, ...statuses) => queued.set(vendor, statuses),
    of: (vendor) => received.filter((r) => r.vendor === vendor),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
