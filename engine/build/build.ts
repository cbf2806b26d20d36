/**
 * The build of a funnel project: validates the flow files, then bundles the funnel with esbuild (code
 * splitting, minified, hashed names) into dist/ (production) or dist-preview/ (preview: the project's
 * preview configuration with the sandbox gateway). Everything product-specific (entry, prerender
 * module, styles, icons, languages, configurations) comes from the project configuration
 * (project.ts). The esbuild metafile (every source path) is returned and written to .build/, never
 * into the served folder. Invalid flows stop the build with the validator's messages.
 */
import * as esbuild from 'esbuild';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { discoverFlowFiles, formatIssue, isError, toFunnelData, validateProject } from '../validate/index.ts';
import type { FunnelData } from '../core/flowGraph.ts';
import { languageCodes } from '../core/languages.ts';
import { firstPaintKeys, splitTexts, type TextTree } from '../core/localeSplit.ts';
import type { ValidationIssue } from '../validate/types.ts';
import { funnelDataPlugin } from './funnelDataPlugin.ts';
import { flowsDirPlugin } from './flowsDirPlugin.ts';
import { flowVersion } from './flowVersion.ts';
import { keepAssetsDays, restoreAssets, saveRecentAssets } from './keptAssets.ts';
import { HOST_DIR, NGINX_HTTP_FILE, NGINX_SERVER_FILE, nginxHttpConfig, nginxServerConfig, staticHeaders, staticRedirects } from './hostConfig.ts';
import { routePaths } from './hostRoutes.ts';
import { addCompileHints } from './compileHints.ts';
import { CSP_HASHES_FILE } from './inlineHashes.ts';
import { writePages } from './pages.ts';
import { projectPath, type Environment, type FunnelProjectConfig } from './project.ts';

/** Text sections only preview builds use (the sandbox gateway's test-mode texts): production drops them. */
export const PREVIEW_ONLY_TEXTS = [
  ['checkout', 'sandbox'],
  ['payments', 'sandboxWallet'],
] as const;

function withoutPreviewTexts(texts: TextTree): TextTree {
  for (const [section, key] of PREVIEW_ONLY_TEXTS) {
    const found = texts[section];
    if (found && typeof found === 'object') delete found[key];
  }
  return texts;
}

/** How browser scripts are built: split ES modules with hashed names, for the browsers we ship to. */
export const SCRIPT_OPTIONS = {
  entryNames: 'static/js/[name]-[hash]',
  chunkNames: 'static/js/[name]-[hash]',
  splitting: true,
  format: 'esm',
  // Safari 14.0 has a destructuring bug esbuild cannot work around; 14.1 is the oldest Safari we ship to
  target: ['es2020', 'chrome87', 'edge88', 'safari14.1', 'firefox78'],
  jsx: 'automatic',
} as const satisfies esbuild.BuildOptions;

/** Leaves the font package's faces out of the full stylesheet (they are in every page's inline CSS). */
const withoutFontPackage: esbuild.Plugin = {
  name: 'without-font-package',
  setup(b) {
    b.onResolve({ filter: /^@fontsource/ }, (args) => ({ path: args.path, namespace: 'no-font-faces' }));
    b.onLoad({ filter: /.*/, namespace: 'no-font-faces' }, () => ({ contents: '', loader: 'css' }));
  },
};

async function cssFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await cssFiles(path)));
    else if (entry.name.endsWith('.css')) out.push(path);
  }
  return out.sort();
}

/** What the project's build offers: the whole build and the parts the dev server and the benchmark reuse. */
export interface ProjectBuild {
  /** The production configuration from this environment (default `process.env`). */
  productionConfig: (env?: Environment) => ReturnType<FunnelProjectConfig['production']>;
  /** Validates the flow files (those discovered in `flowsDir`, default the project's): the issues, the errors among them, and the flows as FunnelData. */
  validateFlows: (options?: { flowsDir?: string }) => Promise<{ issues: ValidationIssue[]; errors: ValidationIssue[]; data: FunnelData }>;
  /** The esbuild settings every bundle shares (the benchmark's React page is built with them too). */
  commonOptions: (outdir: string) => esbuild.BuildOptions;
  /** The `define`s of a bundle: the configuration (production or preview). */
  defines: (preview: boolean) => Record<string, string>;
  /** The esbuild options of the browser scripts; `data` is read on every (re)build, so a watching build can swap in the flows it has just validated. */
  scriptOptions: (options: { outdir: string; preview: boolean; data: () => FunnelData; flowsDir?: string }) => esbuild.BuildOptions & {
    define: Record<string, string>;
  };
  /** The esbuild options of the full stylesheet: the first stylesheet, then every other one of the style folders. */
  stylesheetOptions: (outdir: string) => Promise<esbuild.BuildOptions>;
  /** The esbuild options of the critical CSS, built in memory to be inlined into every page. */
  criticalCssOptions: (outdir: string) => esbuild.BuildOptions & { write: false };
  /** Writes the font files the critical CSS refers to; returns the inline CSS and the Latin font's path. */
  writeCriticalAssets: (critical: { outputFiles?: esbuild.OutputFile[] }, outdir: string) => Promise<{ criticalCss: string; font: string | undefined }>;
  /** Copies the favicon, app icons and web manifest to the site root under their fixed names. */
  copyIcons: (outdir: string) => Promise<void>;
  /** Builds one bundle (default folder dist/ or dist-preview/ of the project). */
  build: (options?: {
    preview?: boolean;
    outdir?: string;
    log?: boolean;
    flowsDir?: string;
  }) => Promise<{ outdir: string; metafile: esbuild.Metafile; entry: string; data: FunnelData }>;
}

/** The build of the project `project` describes. */
export function projectBuild(project: FunnelProjectConfig): ProjectBuild {
  const root = project.root;
  const path = (p: string): string => projectPath(project, p);
  const localesDir = path(project.localesDir);
  const productionConfig = (env: Environment = process.env): ReturnType<FunnelProjectConfig['production']> => project.production(env);

  /** The version stamp of what this build is made from (flowVersion.ts). */
  const projectVersion = (): string => flowVersion(root, [path(project.flowsDir), localesDir]);

  async function validateFlows(options: { flowsDir?: string } = {}): Promise<{ issues: ValidationIssue[]; errors: ValidationIssue[]; data: FunnelData }> {
    const result = await validateProject({
      root,
      flowsDir: options.flowsDir ?? path(project.flowsDir),
      localesDir,
      registryFile: path(project.registry),
      slicesFile: path(project.slices),
      languagesFile: path(project.languagesModule),
      schemasDir: path(project.schemasDir),
      imagesDir: path(project.imagesDir),
      destinationsModule: path(project.destinations),
      commerce: project.commerce,
    });
    return { issues: result.issues, errors: result.issues.filter(isError), data: toFunnelData(result.data) };
  }

  /**
   * `virtual:locales`: for each language, two chunks made from the locale files: the texts the first
   * screen can need (entry steps, shared sections) and the rest, loaded right after start-up.
   */
  function localesPlugin(data: () => FunnelData, preview: boolean): esbuild.Plugin {
    // the first-paint keys of one flow data set, computed once for all text chunks of a (re)build
    const keysOf = new WeakMap<FunnelData, ReturnType<typeof firstPaintKeys>>();
    const keys = (): ReturnType<typeof firstPaintKeys> => {
      const current = data();
      if (!keysOf.has(current)) keysOf.set(current, firstPaintKeys(current));
      return keysOf.get(current)!;
    };
    return {
      name: 'locales',
      setup(b) {
        b.onResolve({ filter: /^virtual:locales$/ }, () => ({ path: 'locales', namespace: 'locales-index' }));
        b.onLoad({ filter: /.*/, namespace: 'locales-index' }, () => ({
          contents: `export const locales = {${languageCodes(project.languages)
            // the generated module's dynamic imports, written so no import of this file's own is mistaken for them
            .map(
              (l) =>
                `${l}: { first: () => import(${JSON.stringify(`locale-part:first/${l}`)}), rest: () => import(${JSON.stringify(`locale-part:rest/${l}`)}) }`,
            )
            .join(',\n')}};`,
          loader: 'js',
          resolveDir: root,
        }));
        b.onResolve({ filter: /^locale-part:/ }, (args) => ({ path: args.path.slice('locale-part:'.length), namespace: 'locale-part' }));
        b.onLoad({ filter: /.*/, namespace: 'locale-part' }, async (args) => {
          const [part, language] = args.path.split('/');
          const file = join(localesDir, `${language}.json`);
          const all = JSON.parse(await readFile(file, 'utf8')) as TextTree;
          const texts = splitTexts(preview ? all : withoutPreviewTexts(all), keys());
          return { contents: JSON.stringify(part === 'first' ? texts.first : texts.rest), loader: 'json', watchFiles: [file] };
        });
      },
    };
  }

  function commonOptions(outdir: string): esbuild.BuildOptions {
    return {
      bundle: true,
      minify: true,
      metafile: true,
      outdir,
      publicPath: '/',
      assetNames: 'static/media/[name]-[hash]',
      loader: { '.png': 'file', '.webp': 'file', '.avif': 'file', '.svg': 'file', '.woff2': 'file', '.woff': 'file' },
      legalComments: 'none',
      absWorkingDir: root,
      logLevel: 'warning',
    };
  }

  function defines(preview: boolean): Record<string, string> {
    const flowVersion = projectVersion();
    return {
      __FUNNEL_CONFIG__: JSON.stringify({ ...(preview ? project.preview : productionConfig()), flowVersion }),
      __PREVIEW__: JSON.stringify(preview),
      'process.env.NODE_ENV': '"production"',
    };
  }

  function scriptOptions(options: { outdir: string; preview: boolean; data: () => FunnelData; flowsDir?: string }): esbuild.BuildOptions & {
    define: Record<string, string>;
  } {
    const dir = options.flowsDir ?? path(project.flowsDir);
    const flowFiles = discoverFlowFiles(dir);
    const watch = { files: [...flowFiles.flows, flowFiles.landings, flowFiles.plans], dirs: [dir] };
    return {
      ...commonOptions(options.outdir),
      entryPoints: { main: path(project.entry) },
      ...SCRIPT_OPTIONS,
      target: [...SCRIPT_OPTIONS.target],
      plugins: [localesPlugin(options.data, options.preview), funnelDataPlugin(options.data, watch), flowsDirPlugin(path(project.flowsDir), dir)],
      define: defines(options.preview),
    };
  }

  async function stylesheetOptions(outdir: string): Promise<esbuild.BuildOptions> {
    // the font faces live only in the inline critical CSS of every page: declared again by a stylesheet
    // that arrives later, the faces would start loading afresh and could swap the text after the first paint
    const fontFaces = path(project.fontFaces);
    const first = path(project.firstStylesheet);
    const folders = await Promise.all(project.styleFolders.map((folder) => cssFiles(path(folder))));
    const cssEntries = folders.flat().filter((f) => f !== fontFaces);
    cssEntries.sort((a, b) => Number(b === first) - Number(a === first));
    return {
      ...commonOptions(outdir),
      stdin: {
        contents: cssEntries.map((f) => `@import ${JSON.stringify('./' + relative(root, f))};`).join('\n'),
        resolveDir: root,
        loader: 'css',
        sourcefile: 'styles.css',
      },
      entryNames: 'static/css/styles-[hash]',
      plugins: [withoutFontPackage],
    };
  }

  function criticalCssOptions(outdir: string): esbuild.BuildOptions & { write: false } {
    return {
      ...commonOptions(outdir),
      stdin: {
        contents: project.criticalCss.map((f) => `@import ${JSON.stringify('./' + relative(root, path(f)))};`).join('\n'),
        resolveDir: root,
        loader: 'css',
        sourcefile: 'critical.css',
      },
      write: false,
    };
  }

  async function writeCriticalAssets(
    critical: { outputFiles?: esbuild.OutputFile[] },
    outdir: string,
  ): Promise<{ criticalCss: string; font: string | undefined }> {
    const files = critical.outputFiles ?? [];
    for (const file of files.filter((f) => !f.path.endsWith('.css'))) {
      await mkdir(dirname(file.path), { recursive: true });
      await writeFile(file.path, file.contents);
    }
    const latin = new RegExp(`${project.font.latinSubset}-[A-Z0-9]+\\.woff2$`);
    const fontFile = files.find((f) => latin.test(f.path));
    return { criticalCss: files.find((f) => f.path.endsWith('.css'))!.text.trim(), font: fontFile && relative(outdir, fontFile.path) };
  }

  const copyIcons = (outdir: string): Promise<void> => cp(path(project.icons), outdir, { recursive: true });

  /**
   * Writes the production build's host configuration (nginx includes in `_host/`, `_headers` and
   * `_redirects` for static hosts) from its routes, languages, inline hashes and endpoints.
   */
  async function writeHostFiles(outdir: string, data: FunnelData): Promise<void> {
    const config = productionConfig();
    const inputs = {
      languages: languageCodes(project.languages),
      fallback: project.languages.fallback,
      routePaths: routePaths(data),
      inline: JSON.parse(await readFile(join(outdir, CSP_HASHES_FILE), 'utf8')),
      // the backend adapter's settings are its addresses; the host's CSP lets the page reach them
      endpoints: [...Object.values(config.backendSettings), config.analyticsUrl, config.sentryDsn],
    };
    await mkdir(join(outdir, HOST_DIR), { recursive: true });
    await writeFile(join(outdir, NGINX_HTTP_FILE), nginxHttpConfig(inputs));
    await writeFile(join(outdir, NGINX_SERVER_FILE), nginxServerConfig(inputs));
    await writeFile(join(outdir, '_headers'), staticHeaders(inputs));
    await writeFile(join(outdir, '_redirects'), staticRedirects(inputs));
  }

  async function build(options: { preview?: boolean; outdir?: string; log?: boolean; flowsDir?: string } = {}): ReturnType<ProjectBuild['build']> {
    const { preview = false, outdir = join(root, preview ? 'dist-preview' : 'dist'), log = true, flowsDir } = options;
    const { issues, errors, data } = await validateFlows({ flowsDir });
    if (errors.length) {
      const text = issues.map(formatIssue).join('\n');
      throw new Error(`Flow files are invalid, nothing was built:\n${text}\n${errors.length} error(s). Run \`npm run validate\` after fixing.`);
    }
    if (log) for (const warning of issues) console.warn(formatIssue(warning));
    // production: the previous build's recent hashed assets stay for the pages still open (keptAssets.ts)
    const keepDir = preview ? undefined : await mkdtemp(join(tmpdir(), 'funnel-kept-assets-'));
    const kept = keepDir ? await saveRecentAssets(outdir, keepDir, keepAssetsDays(process.env)) : [];
    await rm(outdir, { recursive: true, force: true });
    await mkdir(outdir, { recursive: true });
    await copyIcons(outdir);
    const common = commonOptions(outdir);
    const scripts = scriptOptions({ outdir, preview, data: () => data, flowsDir });
    const js = await esbuild.build(scripts);
    const css = await esbuild.build(await stylesheetOptions(outdir));
    const critical = await esbuild.build(criticalCssOptions(outdir));
    const outputs = js.metafile!.outputs;
    const entryFile = path(project.entry);
    const entry = Object.keys(outputs).find((o) => outputs[o]!.entryPoint && path(outputs[o]!.entryPoint!) === entryFile)!;
    await addCompileHints(js.metafile!, entry, root, project.compileAhead);
    const cssOut = Object.keys(css.metafile!.outputs).find((o) => o.endsWith('.css'))!;
    const rel = (file: string): string => relative(outdir, join(root, file));
    await writePages({
      prerender: path(project.prerender),
      localesDir,
      languages: project.languages,
      title: project.appName,
      outdir,
      data,
      common,
      define: scripts.define,
      plugins: [funnelDataPlugin(() => data)],
      assets: {
        js: rel(entry),
        css: rel(cssOut),
        ...(await writeCriticalAssets(critical, outdir)),
        fontFamily: project.font.family,
        version: projectVersion(),
        modulePreloads: outputs[entry]!.imports.filter((i) => i.kind === 'import-statement').map((i) => rel(i.path)),
      },
    });
    if (!preview) await writeHostFiles(outdir, data);
    if (keepDir) {
      const restored = await restoreAssets(outdir, kept);
      await rm(keepDir, { recursive: true, force: true });
      if (log && restored) console.log(`kept ${restored} hashed assets of the previous build for the pages still open`);
    }
    const metafile = { inputs: { ...js.metafile!.inputs, ...css.metafile!.inputs }, outputs: { ...js.metafile!.outputs, ...css.metafile!.outputs } };
    const metaDir = join(root, '.build');
    await mkdir(metaDir, { recursive: true });
    await writeFile(join(metaDir, `${basename(outdir)}.meta.json`), JSON.stringify(metafile));
    if (log) console.log(`built ${preview ? 'preview' : 'production'} bundle in ${relative(process.cwd(), outdir) || '.'}`);
    return { outdir, metafile, entry: rel(entry), data };
  }

  return {
    productionConfig,
    validateFlows,
    commonOptions,
    defines,
    scriptOptions,
    stylesheetOptions,
    criticalCssOptions,
    writeCriticalAssets,
    copyIcons,
    build,
  };
}
