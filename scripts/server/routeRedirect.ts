/**
 * Exact routes, forgiving links, in the preview server: a GET or HEAD of an address that differs from
 * a route of the build only by case or trailing slashes is answered 301 to the route, the query kept
 * (engine/core/canonicalPath.ts). The routes are the build's `routes.json`; a bundle without it
 * redirects nothing.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { canonicalRedirect } from '../../engine/core/canonicalPath.ts';
import { ROUTES_FILE } from '../../engine/build/index.ts';

async function readRoutes(distDir: string): Promise<string[]> {
  try {
    const parsed = JSON.parse(await readFile(join(distDir, ROUTES_FILE), 'utf8')) as unknown;
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

/** `live`: the routes file changes while serving (`npm run dev`), so it is read on every request. */
export function createRouteRedirect(distDir: string, options: { live?: boolean } = {}) {
  let cached: Promise<string[]> | undefined;
  const routes = (): Promise<string[]> => (options.live ? readRoutes(distDir) : (cached ??= readRoutes(distDir)));

  /** Answers the request with a redirect when its address is a route written loosely; true when it did. */
  return async function redirectToRoute(req: IncomingMessage, res: ServerResponse, url: URL, headers: Record<string, string>): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const target = canonicalRedirect(url.pathname, url.search, await routes());
    if (target === undefined) return false;
    res.writeHead(301, { location: target, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache', ...headers });
    res.end(req.method === 'HEAD' ? undefined : `Moved to ${target}`);
    return true;
  };
}
