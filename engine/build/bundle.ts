/**
 * The build of a funnel project with esbuild (Node only): `projectBuild(config)` from the project
 * configuration (funnel.config.ts), and the pages it writes. Kept apart from `./index.ts`, which
 * loads no bundler.
 */

/** The build of a project (`projectBuild(config).build({ preview })`), its script settings and the texts only preview builds carry. */
export { PREVIEW_ONLY_TEXTS, projectBuild, SCRIPT_OPTIONS, type ProjectBuild } from './build.ts';
/** The pages of a build: the app shell's file name, each prerendered page's file, the prerendered paths and the variants a page carries. */
export { APP_SHELL, pageFile, shellFile, pageVariants, prerenderedPaths, type PrerenderModule } from './pages.ts';
/** V8's compile hint, which the build puts on the chunks that run on load, and a chunk's static imports. */
export { COMPILE_HINT, staticClosure } from './compileHints.ts';
