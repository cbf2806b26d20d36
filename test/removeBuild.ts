/** Removes a bundle a test built, and the esbuild metafile the build left for it in `.build/`. */
import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';

const root = new URL('../', import.meta.url).pathname;

export function removeBuild(outdir: string): void {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(join(root, '.build', `${basename(outdir)}.meta.json`), { force: true });
}
