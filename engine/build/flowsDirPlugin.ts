/**
 * A build from another flows directory (build's `flowsDir`, e.g. a test's copy of flows/) takes every
 * data file from it: the product's modules that import a file of the project's flows directory
 * directly (its consent rules, its destinations) get the same file of the other directory.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Plugin } from 'esbuild';

export function flowsDirPlugin(projectFlowsDir: string, flowsDir: string): Plugin {
  return {
    name: 'flows-dir',
    setup(b) {
      if (resolve(projectFlowsDir) === resolve(flowsDir)) return;
      b.onResolve({ filter: /\.json$/ }, (args) => {
        const target = resolve(args.resolveDir, args.path);
        if (dirname(target) !== resolve(projectFlowsDir)) return undefined;
        const other = join(flowsDir, basename(target));
        return existsSync(other) ? { path: other } : undefined;
      });
    },
  };
}
