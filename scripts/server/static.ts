/**
 * Static files of the built bundle: compression (brotli or gzip), long cache for hashed names,
 * no-cache for index.html, and every other GET path falls back to the app.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.map']);
/** Names carrying esbuild's content hash: safe to cache for a year. */
const HASHED = /-[A-Z0-9]{8}\.[a-z0-9]+$/;

interface Cached {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export function createStaticHandler(distDir: string) {
  const cache = new Map<string, Cached>();

  async function load(file: string): Promise<Cached | undefined> {
    const hit = cache.get(file);
    if (hit) return hit;
    try {
      if (!(await stat(file)).isFile()) return undefined;
    } catch {
      return undefined;
    }
    const body = await readFile(file);
    const entry: Cached = { body };
    if (COMPRESSIBLE.has(extname(file)) && body.length > 512) {
      entry.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      entry.gzip = gzipSync(body, { level: 9 });
    }
    cache.set(file, entry);
    return entry;
  }

  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, headers: Record<string, string>): Promise<void> {
    const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(distDir, safe);
    let entry = file.startsWith(distDir) && !safe.endsWith('/') ? await load(file) : undefined;
    const isAsset = extname(safe) !== '';
    if (!entry) {
      if (isAsset) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...headers });
        res.end('Not found');
        return;
      }
      file = join(distDir, 'index.html'); // every funnel path is the app
      entry = await load(file);
      if (!entry) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The bundle is missing: run `npm run build -- --preview`.');
        return;
      }
    }
    const ext = extname(file);
    const accept = String(req.headers['accept-encoding'] ?? '');
    const out: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'Accept-Encoding',
      ...headers,
    };
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br;
      out['content-encoding'] = 'br';
    } else if (entry.gzip && /\bgzip\b/.test(accept)) {
      body = entry.gzip;
      out['content-encoding'] = 'gzip';
    }
    out['content-length'] = String(body.length);
    res.writeHead(200, out);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}
