/**
 * The HTML pages of a build: every landing path (and each flow's entry variant, such as /family)
 * prerendered once per language with React's static renderer into `<lang><path>/index.html`, the
 * English ones also at `<path>/index.html` for hosts that cannot choose by language, and the app
 * shell for every other path (a deep link), once per language at `<lang>/app.html` and in the
 * fallback language at `app.html`, painting the loading overlay until the app renders the step; and `csp-hashes.json`, the hashes of their
 * inline script and style for a static host's CSP; and the route files of the host (hostRoutes.ts).
 */
import * as esbuild from 'esbuild';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceKey } from 'i18next';
import { languageCodes, type Language, type LanguageList } from '../core/languages.ts';
import { firstPaintKeys, splitTexts, type TextTree } from '../core/localeSplit.ts';
import { getVariant, variantIds, type FunnelData } from '../core/flowGraph.ts';
import type { Prerenderer } from '../react/prerender.tsx';
import { experimentForPath } from '../core/experiments.ts';
import { variantForPath } from '../core/variants.ts';
import { pageHtml, type HeroImage, type NextStepTemplate, type PageAssets } from './html.ts';
import { experimentScript } from './experimentScript.ts';
import { CSP_HASHES_FILE, inlineHashes } from './inlineHashes.ts';
import { writeHostRoutes } from './hostRoutes.ts';

/** The page for every path that is not prerendered: the app renders it in the browser. */
export const APP_SHELL = 'app.html';
/** The app shell in a language, for hosts that choose by language. @example shellFile('de') // 'de/app.html' */
export const shellFile = (language: Language): string => join(language, APP_SHELL);

/** What the project's prerender module (its `prerender` setting) exports: the prerenderer of its funnel and its image manifest. */
export interface PrerenderModule {
  prerenderer: (firstPaintTexts: Record<Language, ResourceKey>, allTexts: Record<Language, ResourceKey>) => Promise<Prerenderer>;
  images: Record<string, HeroImage>;
}

/** Every path whose first screen is prerendered: the paths of all landing variants. */
export function prerenderedPaths(data: FunnelData): Array<{ path: string; background?: string }> {
  return variantIds(data.landings).flatMap((id) => {
    const variant = getVariant(data.landings, id)!;
    const flow = data.flows[variant.flow]!;
    const props = {
      ...(flow.steps[flow.entry]?.props as unknown as Record<string, unknown>),
      ...(variant.overrides?.[flow.entry]?.props as unknown as Record<string, unknown>),
    };
    const background = typeof props.background === 'string' ? props.background : undefined;
    return variant.paths.map((path) => ({ path, background }));
  });
}

/**
 * The variants a path's page carries: the one prerendered in #root (a stopped experiment's winner,
 * else the path's own variant) and, while an experiment splits the path, the markup of its other
 * variants for the inline script to swap in. `root` is undefined on a path no experiment names.
 */
export function pageVariants(data: FunnelData, path: string): { root?: string; alternatives: string[] } {
  const found = experimentForPath(data.experiments, path);
  if (!found) return { alternatives: [] };
  const [, experiment] = found;
  const own = variantForPath(data.landings, path)!.id;
  if (experiment.status === 'stopped') return { root: experiment.winner ?? own, alternatives: [] };
  return { root: own, alternatives: [...new Set(experiment.variations)].filter((v) => v !== own) };
}

/**
 * The markup of the step after a landing path's page, for an early tap to show (engine/react/earlyStep.ts):
 * one template per distinct markup, listing the variants it is for on a path an experiment splits.
 */
async function nextStepTemplates(
  prerenderer: Prerenderer,
  path: string,
  language: Language,
  variants: { root?: string; alternatives: string[] },
): Promise<NextStepTemplate[]> {
  if (variants.root === undefined) {
    const next = await prerenderer.renderNextStep(path, language);
    return next ? [next] : [];
  }
  const templates: NextStepTemplate[] = [];
  for (const variant of [variants.root, ...variants.alternatives]) {
    const next = await prerenderer.renderNextStep(path, language, variant);
    if (!next) continue;
    const same = templates.find((t) => t.html === next.html && t.stepId === next.stepId);
    if (same) same.variants!.push(variant);
    else templates.push({ ...next, variants: [variant] });
  }
  return templates;
}

/** The file of a prerendered page, relative to the output folder. @example pageFile('de', '/discount') // 'de/discount/index.html' */
export const pageFile = (language: Language | '', path: string): string => join(language, path, 'index.html');

/** Bundles the project's prerender module for Node with the client build's settings (so asset URLs match) and imports it. */
async function loadPrerenderer(
  entry: string,
  common: esbuild.BuildOptions,
  define: Record<string, string>,
  plugins: esbuild.Plugin[],
): Promise<{ mod: PrerenderModule; done: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'funnel-prerender-'));
  await esbuild.build({
    ...common,
    entryPoints: { prerender: entry },
    outdir: dir,
    entryNames: '[name]',
    metafile: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    define,
    plugins,
    // a CommonJS dependency's require() of Node built-ins needs a require in the ESM bundle
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  const mod = (await import(pathToFileURL(join(dir, 'prerender.js')).href)) as PrerenderModule;
  return { mod, done: () => rm(dir, { recursive: true, force: true }) };
}

export async function writePages(options: {
  /** The project's prerender module (absolute path). */
  prerender: string;
  /** The locale files' folder (absolute path). */
  localesDir: string;
  languages: LanguageList;
  /** The document title of every page. */
  title: string;
  outdir: string;
  data: FunnelData;
  assets: PageAssets;
  common: esbuild.BuildOptions;
  define: Record<string, string>;
  /** Resolves `#funnel-data` to the validated flows, as in the browser bundle. */
  plugins: esbuild.Plugin[];
}): Promise<string[]> {
  const { outdir, data, assets, languages, title } = options;
  const keys = firstPaintKeys(data);
  const firstPaintTexts = {} as Record<Language, ResourceKey>;
  const allTexts = {} as Record<Language, ResourceKey>;
  for (const language of languageCodes(languages)) {
    const tree = JSON.parse(await readFile(join(options.localesDir, `${language}.json`), 'utf8')) as TextTree;
    firstPaintTexts[language] = splitTexts(tree, keys).first;
    allTexts[language] = tree;
  }
  const { mod, done } = await loadPrerenderer(options.prerender, options.common, options.define, options.plugins);
  const written: string[] = [];
  const hashes = { script: new Set<string>(), style: new Set<string>() };
  try {
    const prerenderer = await mod.prerenderer(firstPaintTexts, allTexts);
    const write = async (file: string, html: string): Promise<void> => {
      await mkdir(dirname(join(outdir, file)), { recursive: true });
      await writeFile(join(outdir, file), html);
      written.push(file);
      const inline = inlineHashes(html);
      for (const kind of ['script', 'style'] as const) for (const hash of inline[kind]) hashes[kind].add(hash);
    };
    const script = experimentScript(data);
    for (const { path, background } of prerenderedPaths(data)) {
      const hero = background ? (mod.images[background] as HeroImage | undefined) : undefined;
      const variants = pageVariants(data, path);
      for (const language of languageCodes(languages)) {
        const { html, dir } = await prerenderer.render(path, language, variants.root);
        const alternatives = [];
        for (const variant of variants.alternatives) alternatives.push({ variant, html: (await prerenderer.render(path, language, variant)).html });
        const nextSteps = await nextStepTemplates(prerenderer, path, language, variants);
        // only the pages of paths a running experiment splits carry the assignment code
        const page = pageHtml({
          assets,
          title,
          languages,
          language,
          dir,
          path,
          body: html,
          hero,
          variant: variants.root,
          alternatives,
          experimentScript: alternatives.length ? script : undefined,
          nextSteps,
        });
        await write(pageFile(language, path), page);
        if (language === languages.fallback) await write(pageFile('', path), page);
      }
    }
    // the shells: a deep link paints the loading overlay in its language before any script
    for (const language of languageCodes(languages)) {
      const { html, dir } = await prerenderer.renderLoading(language);
      const shell = pageHtml({ assets, title, languages, language, dir, body: '', placeholder: html });
      await write(shellFile(language), shell);
      if (language === languages.fallback) await write(APP_SHELL, shell);
    }
  } finally {
    await done();
  }
  // what a static host adds to its CSP (the preview server works them out per page)
  const csp = { 'script-src': [...hashes.script].sort(), 'style-src': [...hashes.style].sort() };
  await writeFile(join(outdir, CSP_HASHES_FILE), `${JSON.stringify(csp, null, 2)}\n`);
  await writeHostRoutes(outdir, data);
  return written;
}
