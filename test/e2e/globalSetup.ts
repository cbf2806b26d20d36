/**
 * Builds the preview bundle once and starts the preview server (with the sandbox API) on a free
 * port for all e2e files; tests read its address with inject('baseUrl').
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from '../../build.mjs';
import { startPreviewServer } from '../../scripts/server/previewServer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where test/e2e/productionBuild.ts builds the production bundle, once, when a file asks for it. */
    productionDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = new URL('../../', import.meta.url).pathname;
  // one directory per run, so parallel runs never overwrite each other's bundle
  const { outdir } = await build({ preview: true, outdir: join(root, `dist-e2e-${process.pid}`), log: false });
  const preview = await startPreviewServer({ distDir: outdir, port: 0 });
  project.provide('baseUrl', preview.url);
  const productionDir = join(root, `dist-e2e-production-${process.pid}`);
  project.provide('productionDir', productionDir);
  return async () => {
    await preview.close();
    await rm(outdir, { recursive: true, force: true });
    await rm(productionDir, { recursive: true, force: true });
  };
}
