/**
 * Static files of the built bundle: compression (brotli or gzip), long cache for hashed names,
 * no-cache for the HTML. A prerendered path gets its page in the visitor's language (`?lng=`, then
 * the `lng` cookie, then Accept-Language, else English; `Vary: Accept-Language, Cookie`), and every
 * other GET path falls back to the app shell.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseLanguage, cookieValue, LANGUAGE_COOKIE, parseAcceptLanguage } from '../../engine/core/languageChoice.ts';
import project from '../../funnel.config.ts';
import { inlineHashes } from '../../engine/build/index.ts';

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
  /** For an HTML page: the CSP sources that allow its inline script and style. */
  inline?: { script: string[]; style: string[] };
  br?: Buffer;
  gzip?: Buffer;
}

/** `live`: the files change while serving (`npm run dev`), so nothing is kept in memory or compressed. */
export function createStaticHandler(distDir: string, options: { live?: boolean } = {}) {
  const cache = new Map<string, Cached>();

  async function load(file: string): Promise<Cached | undefined> {
    const hit = options.live ? undefined : cache.get(file);
    if (hit) return hit;
    try {
      if (!(await stat(file)).isFile()) return undefined;
    } catch {
      return undefined;
    }
    const body = await readFile(file);
    const entry: Cached = { body };
    if (extname(file) === '.html') entry.inline = inlineHashes(body.toString('utf8'));
    if (options.live) return entry;
    if (COMPRESSIBLE.has(extname(file)) && body.length > 512) {
      entry.br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      entry.gzip = gzipSync(body, { level: 9 });
    }
    cache.set(file, entry);
    return entry;
  }

  /** The visitor's language, as the app chooses it: ?lng=, the lng cookie, the browser's languages. */
  const visitorLanguage = (req: IncomingMessage, search: string): string =>
    chooseLanguage(project.languages, {
      query: new URLSearchParams(search).get('lng'),
      stored: cookieValue(String(req.headers.cookie ?? ''), LANGUAGE_COOKIE),
      preferred: parseAcceptLanguage(String(req.headers['accept-language'] ?? '')),
    });

  /** The prerendered page of a path in the visitor's language, if the build made one. */
  async function page(req: IncomingMessage, safe: string, search: string): Promise<{ file: string; entry: Cached } | undefined> {
    const language = visitorLanguage(req, search);
    const file = join(distDir, language, safe, 'index.html');
    const entry = file.startsWith(distDir) ? await load(file) : undefined;
    return entry ? { file, entry } : undefined;
  }

  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, headers: Record<string, string>): Promise<void> {
    const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    const isAsset = extname(safe) !== '';
    let file = join(distDir, safe);
    let entry: Cached | undefined;
    let vary = 'Accept-Encoding';
    const prerendered = isAsset ? undefined : await page(req, safe, new URL(req.url ?? '/', 'http://localhost').search);
    if (prerendered) {
      ({ file, entry } = prerendered);
      vary = 'Accept-Encoding, Accept-Language, Cookie';
    } else {
      entry = file.startsWith(distDir) && isAsset ? await load(file) : undefined;
    }
    if (!entry) {
      if (isAsset) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...headers });
        res.end('Not found');
        return;
      }
      // every other funnel path is the app, rendered in the browser: its shell paints the loading
      // overlay in the visitor's language (the build's `<lang>/app.html`; `app.html` in a build without them)
      const search = new URL(req.url ?? '/', 'http://localhost').search;
      file = join(distDir, visitorLanguage(req, search), 'app.html');
      entry = await load(file);
      if (!entry) {
        file = join(distDir, 'app.html');
        entry = await load(file);
      }
      vary = 'Accept-Encoding, Accept-Language, Cookie';
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
      vary,
      ...headers,
    };
    const csp = out['content-security-policy'];
    if (csp && entry.inline) out['content-security-policy'] = allowInline(csp, entry.inline);
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

/** The CSP with exactly these inline blocks allowed (by hash) in script-src and style-src. */
function allowInline(csp: string, inline: { script: string[]; style: string[] }): string {
  const add = (policy: string, directive: string, hashes: string[]): string =>
    hashes.length ? policy.replace(new RegExp(`(^|; )${directive} ([^;]*)`), `$1${directive} $2 ${hashes.join(' ')}`) : policy;
  return add(add(csp, 'script-src', inline.script), 'style-src', inline.style);
}
