/**
 * Builds the preview bundle once and starts the preview server (with the sandbox API) on a free
 * port for all e2e files; tests read its address with inject('baseUrl').
 *
 * Both e2e projects (`e2e`, files two at a time, and `e2e-serial`, the timing-sensitive files one at
 * a time) name this file, and Vitest runs each project's global setup: the first one builds and
 * provides the address to the whole run, and a later one finds it there and reuses it.
 */
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../build.mjs';
import { startPreviewServer } from '../../scripts/server/previewServer.ts';
import { removeBuild } from '../removeBuild.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where test/e2e/productionBuild.ts builds the production bundle, once, when a file asks for it. */
    productionDir: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // the run's context (vitest.provide) reaches every project
  if (project.vitest.getProvidedContext().baseUrl) return undefined;
  const root = new URL('../../', import.meta.url).pathname;
  // one directory per run, so parallel runs never overwrite each other's bundle
  const { outdir } = await build({ preview: true, outdir: join(root, `dist-e2e-${process.pid}`), log: false });
  const preview = await startPreviewServer({ distDir: outdir, port: 0 });
  const productionDir = join(root, `dist-e2e-production-${process.pid}`);
  project.vitest.provide('baseUrl', preview.url);
  project.vitest.provide('productionDir', productionDir);
  return async () => {
    await preview.close();
    removeBuild(outdir);
    removeBuild(productionDir);
  };
}
