/**
 * The project tools of the engine (Node only, never in the browser): the project configuration a
 * product writes in `funnel.config.ts` and the parts of the build the preview server, the dev server
 * and the tests use (page HTML, host files, inline scripts). Nothing here loads esbuild, so a test in
 * a browser-like environment can import it; the build itself is `./bundle.ts`.
 */

/** The project configuration: its type, `defineFunnelConfig`, paths, and the engine's fields from the environment. */
export {
  DEFAULT_TRACES_SAMPLE_RATE,
  defineFunnelConfig,
  environmentConfig,
  projectPath,
  tracesSampleRateOf,
  type Environment,
  type FunnelProjectConfig,
} from './project.ts';
/** The HTML document of a page and the marker that ends its prerendered markup. */
export { pageHtml, PARSED_MARKER_ID, type HeroImage, type PageAssets } from './html.ts';
/** The web font's subsets in the critical CSS and the ones a text needs. */
export { fontSubsets, htmlText, parseUnicodeRange, subsetsForText } from './fontSubsets.ts';
/** The inline script of a prerendered page that assigns experiment variants before the first paint. */
export { EXPERIMENT_SWAP, experimentScript, inlineExperiments } from './experimentScript.ts';
/** The inline language check of a prerendered page and the attribute it sets. */
export { LANGUAGE_SWITCH, languageScript } from './languageScript.ts';
/** The swap that shows the step after a landing at an early tap (engine/react/earlyStep.ts). */
export { earlyStepScript } from './earlyStepScript.ts';
/** The inline script that requests the app's scripts once the page has loaded and painted. */
export { FRAME_WAIT_CAP_MS, LOAD_WAIT_CAP_MS, scriptLoader } from './scriptLoader.ts';
/** The hashes of a page's inline script and style, and the file a build lists them in. */
export { CSP_HASHES_FILE, inlineHashes } from './inlineHashes.ts';
/** The route files of a build and the paths the host routes to the app. */
export { ROUTES_FILE, routePaths, writeHostRoutes } from './hostRoutes.ts';
/** The host configuration a production build ships: nginx includes, `_headers`, `_redirects` and the CSP. */
export {
  HOST_DIR,
  NGINX_HTTP_FILE,
  NGINX_SERVER_FILE,
  nginxHttpConfig,
  nginxServerConfig,
  productionCsp,
  staticHeaders,
  staticRedirects,
  type HostInputs,
} from './hostConfig.ts';
/** A production build keeps the previous build's recent hashed assets, for the pages still open. */
export { HASHED_DIR, KEEP_ASSETS_DAYS, keepAssetsDays, recentAssets, restoreAssets, saveRecentAssets, type KeptAsset } from './keptAssets.ts';
/** The build's version stamp: a content hash of the flows, texts and engine, plus the commit. */
export { flowVersion } from './flowVersion.ts';
/** The security headers every response carries and the content security policy of the pages. */
export { CONTENT_SECURITY_POLICY, SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from './securityHeaders.ts';
/** `#funnel-data` resolved to the validated flows in a bundle. */
export { funnelDataPlugin } from './funnelDataPlugin.ts';
/** A build from another flows directory takes every data file from it, those the product's modules import directly too. */
export { flowsDirPlugin } from './flowsDirPlugin.ts';
