/**
 * `npm run build`: validates the flow files, then bundles the funnel with esbuild (code splitting,
 * minified, hashed names) into dist/ (production) or dist-preview/ (`--preview`: sandbox API
 * addresses and the sandbox payment gateway). The esbuild metafile (every source path) is returned
 * and written to .build/, never into the served folder. Invalid flows stop the build with the validator's
 * messages. Configuration comes from the environment: see docs/operations.md "Configuration".
 */
import * as esbuild from 'esbuild';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { validateProject, formatIssue, isError, discoverFlowFiles, toFunnelData } from './engine/validate/index.ts';
import { APP_NAME, PREVIEW_CONFIG, PRODUCTION_DEFAULTS } from './screens/product/previewConfig.ts';
import { languageCodes } from './engine/core/languages.ts';
import { languages } from './screens/product/languages.ts';
import { firstPaintKeys, splitTexts } from './engine/core/localeSplit.ts';
import { writePages } from './scripts/build/pages.ts';
import { CSP_HASHES_FILE } from './scripts/build/inlineHashes.ts';
import { routePaths } from './scripts/build/hostRoutes.ts';
import {
  HOST_DIR,
  NGINX_HTTP_FILE,
  NGINX_SERVER_FILE,
  nginxHttpConfig,
  nginxServerConfig,
  staticHeaders,
  staticRedirects,
} from './scripts/build/hostConfig.ts';
import { funnelDataPlugin } from './scripts/build/funnelDataPlugin.ts';

const root = new URL('.', import.meta.url).pathname;
const packageVersion = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).version;

/** Build-time configuration from the environment. */
export function productionConfig(env = process.env) {
  return {
    webApiUrl: env.WEBAPI_URL ?? PRODUCTION_DEFAULTS.webApiUrl,
    portalUrl: env.PORTAL_URL ?? PRODUCTION_DEFAULTS.portalUrl,
    cdnUrl: env.CDN_URL ?? PRODUCTION_DEFAULTS.cdnUrl,
    braintreePortalUrl: env.BRAINTREE_PORTAL_URL ?? PRODUCTION_DEFAULTS.braintreePortalUrl,
    analyticsUrl: env.ANALYTICS_URL ?? '',
    // the ad and analytics tags of flows/destinations.json's production list ({{metaPixelId}}, {{ga4MeasurementId}})
    // the collector's write key and whose batch API ANALYTICS_URL is (segment, rudderstack, jitsu; unset: a forwarding proxy without a key)
    destinationSettings: {
      metaPixelId: env.META_PIXEL_ID ?? '',
      ga4MeasurementId: env.GA4_MEASUREMENT_ID ?? '',
      analyticsWriteKey: env.ANALYTICS_WRITE_KEY ?? '',
      analyticsApi: env.ANALYTICS_API ?? '',
    },
    appName: env.APP_NAME ?? APP_NAME,
    attributionGlobal: env.ATTRIBUTION_GLOBAL ?? '',
    sentryDsn: env.SENTRY_DSN ?? '',
    release: env.SENTRY_RELEASE || `funnel-engine@${packageVersion}`,
    sentryEnvironment: env.SENTRY_ENVIRONMENT || 'production',
    sentryTracesSampleRate: env.SENTRY_TRACES_SAMPLE_RATE ? Number(env.SENTRY_TRACES_SAMPLE_RATE) : 0.05,
    sentryConsent: env.SENTRY_CONSENT === 'necessary' ? 'necessary' : 'analytics',
    preview: false,
  };
}

/**
 * Validates the flow files (those the validator discovers in `flowsDir`, default flows/).
 * @returns the issues, the errors among them, and the flows as FunnelData from the documents the
 *   validator parsed (never a second parse)
 */
export async function validateFlows({ flowsDir } = {}) {
  const result = await validateProject({ root, flowsDir });
  return { issues: result.issues, errors: result.issues.filter(isError), data: toFunnelData(result.data) };
}

/** Text sections only preview builds use (the sandbox gateway's test-mode texts): production drops them. */
export const PREVIEW_ONLY_TEXTS = [
  ['checkout', 'sandbox'],
  ['payments', 'sandboxWallet'],
];

function withoutPreviewTexts(texts) {
  for (const [section, key] of PREVIEW_ONLY_TEXTS) if (texts[section]) delete texts[section][key];
  return texts;
}

/**
 * `virtual:locales`: for each language, two chunks made from locales/<lang>.json: the texts the first
 * screen can need (entry steps, shared sections) and the rest, loaded right after start-up.
 */
function localesPlugin(data, preview) {
  // the first-paint keys of one flow data set, computed once for all 26 text chunks of a (re)build
  const keysOf = new WeakMap();
  const keys = () => {
    const current = data();
    if (!keysOf.has(current)) keysOf.set(current, firstPaintKeys(current));
    return keysOf.get(current);
  };
  return {
    name: 'locales',
    setup(b) {
      b.onResolve({ filter: /^virtual:locales$/ }, () => ({ path: 'locales', namespace: 'locales-index' }));
      b.onLoad({ filter: /.*/, namespace: 'locales-index' }, () => ({
        contents: `export const locales = {${languageCodes(languages)
          .map((l) => `${l}: { first: () => import('locale-part:first/${l}'), rest: () => import('locale-part:rest/${l}') }`)
          .join(',\n')}};`,
        loader: 'js',
        resolveDir: root,
      }));
      b.onResolve({ filter: /^locale-part:/ }, (args) => ({ path: args.path.slice('locale-part:'.length), namespace: 'locale-part' }));
      b.onLoad({ filter: /.*/, namespace: 'locale-part' }, async (args) => {
        const [part, language] = args.path.split('/');
        const file = join(root, 'locales', `${language}.json`);
        const all = JSON.parse(await readFile(file, 'utf8'));
        const texts = splitTexts(preview ? all : withoutPreviewTexts(all), keys());
        return { contents: JSON.stringify(part === 'first' ? texts.first : texts.rest), loader: 'json', watchFiles: [file] };
      });
    },
  };
}

async function cssFiles(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await cssFiles(path)));
    else if (entry.name.endsWith('.css')) out.push(path);
  }
  return out.sort();
}

/** The styles of the prerendered entry screens, inlined into their pages: the kit, fonts, engine chrome, landing. */
const FONT_FACES = 'screens/ui/fonts.css';
const CRITICAL_CSS = ['screens/ui/kit.css', FONT_FACES, 'engine/react/engine.css', 'screens/landing/landing.css'];

/** Leaves the font package's faces out of the full stylesheet (they are in every page's inline CSS). */
const withoutFontPackage = {
  name: 'without-font-package',
  setup(b) {
    b.onResolve({ filter: /^@fontsource/ }, (args) => ({ path: args.path, namespace: 'no-font-faces' }));
    b.onLoad({ filter: /.*/, namespace: 'no-font-faces' }, () => ({ contents: '', loader: 'css' }));
  },
};

/**
 * The esbuild settings every bundle shares (the benchmark's React page is built with them too).
 * @returns {import('esbuild').BuildOptions}
 */
export function commonOptions(outdir) {
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

/** How browser scripts are built: split ES modules with hashed names, for the browsers we ship to. */
export const SCRIPT_OPTIONS = {
  entryNames: 'static/js/[name]-[hash]',
  chunkNames: 'static/js/[name]-[hash]',
  splitting: true,
  format: 'esm',
  // Safari 14.0 has a destructuring bug esbuild cannot work around; 14.1 is the oldest Safari we ship to
  target: ['es2020', 'chrome87', 'edge88', 'safari14.1', 'firefox78'],
  jsx: 'automatic',
};

/** The `define`s of a bundle: the configuration (production or preview). */
export function defines(preview) {
  return {
    __FUNNEL_CONFIG__: JSON.stringify(preview ? PREVIEW_CONFIG : productionConfig()),
    __PREVIEW__: JSON.stringify(preview),
    'process.env.NODE_ENV': '"production"',
  };
}

/**
 * The esbuild options of the browser scripts (screens/main.tsx). `data` is read on every (re)build,
 * so a watching build can swap in the flows it has just validated.
 * @param {{ outdir: string, preview: boolean, data: () => import('./engine/core/flowGraph.ts').FunnelData, flowsDir?: string }} options
 * @returns {import('esbuild').BuildOptions & { define: Record<string, string> }}
 */
export function scriptOptions({ outdir, preview, data, flowsDir }) {
  const dir = resolve(root, flowsDir ?? 'flows');
  const flowFiles = discoverFlowFiles(dir);
  const watch = { files: [...flowFiles.flows, flowFiles.landings, flowFiles.plans], dirs: [dir] };
  return {
    ...commonOptions(outdir),
    entryPoints: { main: join(root, 'screens/main.tsx') },
    ...SCRIPT_OPTIONS,
    plugins: [localesPlugin(data, preview), funnelDataPlugin(data, watch)],
    define: defines(preview),
  };
}

/**
 * The esbuild options of the full stylesheet: the kit first, then the engine chrome and every screen's styles.
 * @returns {Promise<import('esbuild').BuildOptions>}
 */
export async function stylesheetOptions(outdir) {
  // the font faces live only in the inline critical CSS of every page: declared again by a stylesheet
  // that arrives later, the faces would start loading afresh and could swap the text after the first paint
  const cssEntries = [...(await cssFiles(join(root, 'engine/react'))), ...(await cssFiles(join(root, 'screens')))].filter((f) => !f.endsWith(FONT_FACES));
  cssEntries.sort((a, b) => Number(b.endsWith('ui/kit.css')) - Number(a.endsWith('ui/kit.css')));
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

/**
 * The esbuild options of the critical CSS, built in memory to be inlined into every page.
 * @returns {import('esbuild').BuildOptions & { write: false }}
 */
export function criticalCssOptions(outdir) {
  return {
    ...commonOptions(outdir),
    stdin: {
      contents: CRITICAL_CSS.map((f) => `@import ${JSON.stringify('./' + f)};`).join('\n'),
      resolveDir: root,
      loader: 'css',
      sourcefile: 'critical.css',
    },
    write: false,
  };
}

/**
 * Writes the font files the critical CSS refers to; returns the inline CSS and the Latin font's path.
 * @param {{ outputFiles: import('esbuild').OutputFile[] }} critical
 * @param {string} outdir
 * @returns {Promise<{ criticalCss: string, font: string | undefined }>}
 */
export async function writeCriticalAssets(critical, outdir) {
  for (const file of critical.outputFiles.filter((f) => !f.path.endsWith('.css'))) {
    await mkdir(dirname(file.path), { recursive: true });
    await writeFile(file.path, file.contents);
  }
  const fontFile = critical.outputFiles.find((f) => /open-sans-latin-wght-normal-[A-Z0-9]+\.woff2$/.test(f.path));
  return { criticalCss: critical.outputFiles.find((f) => f.path.endsWith('.css')).text.trim(), font: fontFile && relative(outdir, fontFile.path) };
}

/** The favicon, app icons and web manifest live at the site root under fixed names. */
export const copyIcons = (outdir) => cp(join(root, 'screens/ui/icons'), outdir, { recursive: true });

/**
 * Writes the production build's host configuration (nginx includes in `_host/`, `_headers` and
 * `_redirects` for static hosts) from its routes, languages, inline hashes and endpoints.
 * @param {string} outdir
 * @param {import('./engine/core/flowGraph.ts').FunnelData} data
 */
async function writeHostFiles(outdir, data) {
  const config = productionConfig();
  const inputs = {
    languages: languageCodes(languages),
    fallback: languages.fallback,
    routePaths: routePaths(data),
    inline: JSON.parse(await readFile(join(outdir, CSP_HASHES_FILE), 'utf8')),
    endpoints: [config.webApiUrl, config.portalUrl, config.cdnUrl, config.braintreePortalUrl, config.analyticsUrl, config.sentryDsn],
  };
  await mkdir(join(outdir, HOST_DIR), { recursive: true });
  await writeFile(join(outdir, NGINX_HTTP_FILE), nginxHttpConfig(inputs));
  await writeFile(join(outdir, NGINX_SERVER_FILE), nginxServerConfig(inputs));
  await writeFile(join(outdir, '_headers'), staticHeaders(inputs));
  await writeFile(join(outdir, '_redirects'), staticRedirects(inputs));
}

/**
 * Builds one bundle.
 * @param {{ preview?: boolean, outdir?: string, log?: boolean, flowsDir?: string }} [options] `flowsDir`: where the
 *   flow files are (default flows/)
 * @returns {Promise<{ outdir: string, metafile: import('esbuild').Metafile, entry: string, data: import('./engine/core/flowGraph.ts').FunnelData }>}
 */
export async function build({ preview = false, outdir = join(root, preview ? 'dist-preview' : 'dist'), log = true, flowsDir } = {}) {
  const { issues, errors, data } = await validateFlows({ flowsDir });
  if (errors.length) {
    const text = issues.map(formatIssue).join('\n');
    throw new Error(`Flow files are invalid, nothing was built:\n${text}\n${errors.length} error(s). Run \`npm run validate\` after fixing.`);
  }
  if (log) for (const warning of issues) console.warn(formatIssue(warning));
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  await copyIcons(outdir);
  const common = commonOptions(outdir);
  const options = scriptOptions({ outdir, preview, data: () => data, flowsDir });
  const js = await esbuild.build(options);
  const css = await esbuild.build(await stylesheetOptions(outdir));
  const critical = await esbuild.build(criticalCssOptions(outdir));
  const outputs = js.metafile.outputs;
  const entry = Object.keys(outputs).find((o) => outputs[o].entryPoint?.endsWith('screens/main.tsx'));
  const cssOut = Object.keys(css.metafile.outputs).find((o) => o.endsWith('.css'));
  const rel = (file) => relative(outdir, join(root, file));
  await writePages({
    root,
    outdir,
    data,
    common,
    define: options.define,
    plugins: [funnelDataPlugin(() => data)],
    assets: {
      js: rel(entry),
      css: rel(cssOut),
      ...(await writeCriticalAssets(critical, outdir)),
      modulePreloads: outputs[entry].imports.filter((i) => i.kind === 'import-statement').map((i) => rel(i.path)),
    },
  });
  if (!preview) await writeHostFiles(outdir, data);
  const metafile = { inputs: { ...js.metafile.inputs, ...css.metafile.inputs }, outputs: { ...js.metafile.outputs, ...css.metafile.outputs } };
  const metaDir = join(root, '.build');
  await mkdir(metaDir, { recursive: true });
  await writeFile(join(metaDir, `${basename(outdir)}.meta.json`), JSON.stringify(metafile));
  if (log) console.log(`built ${preview ? 'preview' : 'production'} bundle in ${relative(process.cwd(), outdir) || '.'}`);
  return { outdir, metafile, entry: rel(entry), data };
}

if (process.argv[1] && process.argv[1].endsWith('build.mjs')) {
  build({ preview: process.argv.includes('--preview') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
