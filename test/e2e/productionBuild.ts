/**
 * The production bundle, built once per e2e run for the files that need it (the JavaScript budget,
 * the nginx host) into the directory the global setup names and removes; the files run one at a time,
 * so the first one builds and the others reuse it.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { build } from '../../build.mjs';

const DONE = '.e2e-built';

/** The directory of the production build, built on first use. */
export async function productionBuild(): Promise<string> {
  const outdir = inject('productionDir');
  if (!existsSync(join(outdir, DONE))) {
    await build({ preview: false, outdir, log: false });
    writeFileSync(join(outdir, DONE), '');
  }
  return outdir;
}
