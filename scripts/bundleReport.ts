/**
 * What each route downloads, from the esbuild metafile: the entry's static import closure plus the
 * lazily loaded screen chunks of that route (and the visitor's locale), gzip-measured.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { staticClosure } from '../engine/build/bundle.ts';

export { staticClosure };

export interface RouteReport {
  route: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** The share of gzipBytes that is the project's own code (by each input's bytes in the output). */
  ownGzipBytes: number;
  /** Package names bundled into these files (from node_modules paths). */
  packages: string[];
}

/** The output file whose entry point (or dynamic-import split point) ends with `source`. */
export function outputFor(metafile: Metafile, source: string): string | undefined {
  return Object.keys(metafile.outputs).find((o) => o.endsWith('.js') && metafile.outputs[o]!.entryPoint?.endsWith(source));
}

function packagesOf(metafile: Metafile, files: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const file of files) {
    for (const input of Object.keys(metafile.outputs[file]?.inputs ?? {})) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      if (m) names.add(m[1]!);
    }
  }
  return [...names].sort();
}

/**
 * Measures a route: the main entry plus the chunks of the given sources, minus `already` (files a
 * previous route loaded).
 */
export function measureRoute(metafile: Metafile, cwd: string, route: string, sources: string[], already: Set<string> = new Set()): RouteReport {
  const files = new Set<string>();
  const main = outputFor(metafile, 'screens/main.tsx');
  if (!main) throw new Error('The metafile has no screens/main.tsx entry');
  staticClosure(metafile, main, files);
  for (const source of sources) {
    const out = outputFor(metafile, source);
    if (!out) throw new Error(`No chunk for ${source} in the metafile`);
    staticClosure(metafile, out, files);
  }
  for (const f of already) files.delete(f);
  let rawBytes = 0;
  let gzipBytes = 0;
  let ownGzipBytes = 0;
  for (const file of files) {
    const body = readFileSync(join(cwd, file));
    const gzip = gzipSync(body, { level: 9 }).length;
    rawBytes += body.length;
    gzipBytes += gzip;
    const inputs = Object.entries(metafile.outputs[file]?.inputs ?? {});
    const total = inputs.reduce((n, [, i]) => n + i.bytesInOutput, 0);
    const own = inputs.filter(([name]) => !name.includes('node_modules/')).reduce((n, [, i]) => n + i.bytesInOutput, 0);
    ownGzipBytes += total ? Math.round((gzip * own) / total) : 0;
  }
  return { route, files: [...files].map((f) => relative(cwd, join(cwd, f))), rawBytes, gzipBytes, ownGzipBytes, packages: packagesOf(metafile, files) };
}

/** The landing route: entry, landing screen, English texts. */
export const LANDING_SOURCES = ['screens/landing/LandingScreen.tsx', 'locale-part:first/en'];
/** The checkout route's own chunks (Stripe.js itself comes from js.stripe.com). */
export const CHECKOUT_SOURCES = ['screens/checkout/CheckoutScreen.tsx'];

export const KiB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
