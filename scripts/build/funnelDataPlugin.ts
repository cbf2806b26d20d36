/**
 * Resolves `#funnel-data` in the bundles to the flow documents the validator has just parsed, so the
 * bundle carries exactly the flow files that passed validation (found by the validator's discovery)
 * and no flow file is parsed twice.
 */
import type { Plugin } from 'esbuild';
import type { FunnelData } from '../../engine/core/flowGraph.ts';

/** `data` is read on every (re)build: the dev server swaps in freshly validated flows. */
export function funnelDataPlugin(data: () => FunnelData, watch: { files: string[]; dirs: string[] } = { files: [], dirs: [] }): Plugin {
  return {
    name: 'funnel-data',
    setup(b) {
      b.onResolve({ filter: /^#funnel-data$/ }, () => ({ path: 'funnel-data', namespace: 'funnel-data' }));
      b.onLoad({ filter: /.*/, namespace: 'funnel-data' }, () => ({
        contents: `export const funnelData = ${JSON.stringify(data())};`,
        loader: 'js',
        watchFiles: watch.files,
        watchDirs: watch.dirs,
      }));
    },
  };
}
