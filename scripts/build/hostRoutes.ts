/**
 * The route files a build writes for its host, so that exact routes forgive loose links the same way
 * everywhere (engine/core/canonicalPath.ts): `routes.json`, the list of exact routes the preview
 * server redirects to, and `nginx-routes.conf`, the same rule for nginx (see docs/operations.md,
 * "Prerendered pages and the visitor's language").
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FunnelData } from '../../engine/core/flowGraph.ts';
import { routeTable } from '../../engine/core/routeTable.ts';

/** The file listing every exact route of a build (a JSON array of paths). */
export const ROUTES_FILE = 'routes.json';
/** The nginx rules of a build's routes, included in its `server` block. */
export const NGINX_ROUTES_FILE = 'nginx-routes.conf';

/** Every exact route of the funnel: landing paths and step paths, sorted. */
export function routePaths(data: FunnelData): string[] {
  return routeTable(data).map((r) => r.path);
}

const escapeRegex = (path: string): string => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Per route, an exact location that serves its page (case-sensitive, so it wins only for the exact
 * path) and a case-insensitive one for the same path with any trailing slashes, answering 301 to the
 * exact path with the query kept. `$lng` is the language chosen by the maps of docs/operations.md.
 */
export function nginxRoutes(paths: readonly string[]): string {
  const lines = [
    '# written by the build: each route exact, any other case or a trailing slash redirected to it (query kept)',
    '# include it in the server block after the $lng maps (docs/operations.md)',
  ];
  for (const path of paths) {
    const pattern = path === '/' ? '^/+$' : `^${escapeRegex(path)}/*$`;
    lines.push(
      `location = ${path} { add_header Vary "Accept-Encoding, Accept-Language, Cookie"; add_header Cache-Control "no-cache"; try_files /$lng$uri/index.html /$lng$uri /app.html; }`,
      `location ~* "${pattern}" { return 301 ${path}$is_args$args; }`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Writes both route files of a build into `outdir`. */
export async function writeHostRoutes(outdir: string, data: FunnelData): Promise<void> {
  const paths = routePaths(data);
  await writeFile(join(outdir, ROUTES_FILE), `${JSON.stringify(paths, null, 2)}\n`);
  await writeFile(join(outdir, NGINX_ROUTES_FILE), nginxRoutes(paths));
}
