/**
 * `npm run build [-- --preview]`: the engine's build (engine/build/build.ts) of this project, as
 * funnel.config.ts describes it: production into dist/, or with `--preview` the sandbox configuration
 * into dist-preview/. Configuration comes from the environment: see docs/operations.md "Configuration".
 * The names below are the build's parts the dev server, the benchmark and the tests use.
 */
import project from './funnel.config.ts';
import { projectBuild } from './engine/build/bundle.ts';

export { PREVIEW_ONLY_TEXTS, SCRIPT_OPTIONS } from './engine/build/bundle.ts';

export const {
  build,
  productionConfig,
  validateFlows,
  commonOptions,
  defines,
  scriptOptions,
  stylesheetOptions,
  criticalCssOptions,
  writeCriticalAssets,
  copyIcons,
} = projectBuild(project);

if (process.argv[1] && process.argv[1].endsWith('build.mjs')) {
  build({ preview: process.argv.includes('--preview') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
