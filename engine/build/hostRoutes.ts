/**
 * The route list a build writes for its host, so that exact routes forgive loose links the same way
 * everywhere (engine/core/canonicalPath.ts): `routes.json`, the exact routes the preview server
 * redirects to. The production host files (`_host/`, engine/build/hostConfig.ts) take the same list.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FunnelData } from '../core/flowGraph.ts';
import { routeTable } from '../core/routeTable.ts';

/** The file listing every exact route of a build (a JSON array of paths). */
export const ROUTES_FILE = 'routes.json';
export function routePaths(data: FunnelData): string[] {
  return routeTable(data).map((r) => r.path);
}

/** Writes the route list of a build into `outdir`. */
export async function writeHostRoutes(outdir: string, data: FunnelData): Promise<void> {
  const paths = routePaths(data);
  await writeFile(join(outdir, ROUTES_FILE), `${JSON.stringify(paths, null, 2)}\n`);
}
