/**
 * A pass-through server in front of the preview server that sends every HTML page in two pieces with a
 * pause between them, cut in the middle of #root, as a slow mobile connection delivers it. Everything
 * else is passed on as it is. It lets a test see what the browser paints from half a page.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PiecewiseProxy {
  url: string;
  close: () => Promise<void>;
}

/** Where a page is cut: halfway through the markup between `<div id="root"` and `</body>` (or its end). */
export function cutPoint(html: string): number {
  const start = html.indexOf('<div id="root"');
  const end = html.indexOf('</body>');
  if (start < 0) return html.length;
  return Math.floor((start + (end < 0 ? html.length : end)) / 2);
}

const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

export async function startPiecewiseProxy(upstream: string, pauseMs: number): Promise<PiecewiseProxy> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'accept-encoding') headers[name] = value;
      const answer = await fetch(new URL(req.url ?? '/', upstream), { headers, redirect: 'manual' });
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((value, name) => {
        if (!HOP_HEADERS.has(name) && name !== 'set-cookie') out[name] = value;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out['set-cookie'] = cookies;
      const body = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, out);
      if (!(answer.headers.get('content-type') ?? '').startsWith('text/html')) {
        res.end(body);
        return;
      }
      const html = body.toString('utf8');
      const cut = cutPoint(html);
      res.write(html.slice(0, cut));
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      res.end(html.slice(cut));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
