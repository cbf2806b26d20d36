/**
 * Resolves `#funnel-data` in the bundles to the flow documents the validator has just parsed, so the
 * bundle carries exactly the flow files that passed validation (found by the validator's discovery)
 * and no flow file is parsed twice.
 */
import type { Plugin } from 'esbuild';
import type { FunnelData } from '../core/flowGraph.ts';

/** `data` is read on every (re)build: the dev server swaps in freshly validated flows. */
export function funnelDataPlugin(data: () => FunnelData, watch: { files: string[]; dirs: string[] } = { files: [], dirs: [] }): Plugin {
  return {
    name: 'funnel-data',
    setup(b) {
      b.onResolve({ filter: /^#funnel-data$/ }, () => ({ path: 'funnel-data', namespace: 'funnel-data' }));
      b.onLoad({ filter: /.*/, namespace: 'funnel-data' }, () => ({
        // as a JSON string: V8 parses JSON.parse('...') faster than the same object literal (the flow
        // data is evaluated on the landing's first task)
        contents: `export const funnelData = JSON.parse(${JSON.stringify(JSON.stringify(data()))});`,
        loader: 'js',
        watchFiles: watch.files,
        watchDirs: watch.dirs,
      }));
    },
  };
}
