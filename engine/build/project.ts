/**
 * The project configuration (`funnel.config.ts` beside the product): everything the Node-side tools
 * (build, dev server, validator, gen, gallery, preview server, benchmark) need to know about a
 * product, in one place. The engine reads only this object, never a product folder by name.
 */
import { resolve } from 'node:path';
import type { FunnelConfig } from '../core/config.ts';
import type { LanguageList } from '../core/languages.ts';
import type { CommerceRules } from '../validate/commerceRules.ts';

/** The product's environment, as `process.env` (a test passes its own). */
export type Environment = Record<string, string | undefined>;

export interface FunnelProjectConfig {
  /** The folder every path below is relative to (absolute). */
  root: string;
  /** The app's name: the pages' title and, unless the environment names another, the tracking data's. */
  appName: string;
  /** The browser entry that boots the funnel, e.g. `screens/main.tsx`. */
  entry: string;
  /** The Node module the build prerenders the landing pages with: exports `prerenderer(texts)` and `images`. */
  prerender: string;
  /** The stylesheets inlined into every page, in order (the prerendered entry screens' styles). */
  criticalCss: string[];
  /** Of the critical stylesheets, the one that declares the font faces: left out of the full stylesheet. */
  fontFaces: string;
  /** The folders whose `*.css` files make the full stylesheet; `firstStylesheet` comes first, the rest in path order. */
  styleFolders: string[];
  /** The stylesheet the full stylesheet starts with (the kit the others build on). */
  firstStylesheet: string;
  /** The web font the pages preload: its CSS family name and the file name of its Latin subset. */
  font: { family: string; latinSubset: string };
  /** The folders of the bundle's source code (screens, the engine): the dev server rebuilds when a file in them is saved. */
  sourceDirs: string[];
  /** The folder of the favicon, app icons and web manifest, copied to the site root. */
  icons: string;
  /** The interface languages (codes, browser locales, fallback). */
  languages: LanguageList;
  /** The module that exports `languages`, for the validator. */
  languagesModule: string;
  /** The screen registry module (its `screens` export), for the validator. */
  registry: string;
  /** The module that exports the product's `productSlices`, for the validator's bind checks. */
  slices: string;
  /** The module that exports the registered analytics destination types (`destinationTypes`), for the validator. */
  destinations: string;
  /** The product's commerce wording for the validator: its commerce texts, discount flags and saving tags. */
  commerce: CommerceRules;
  /** The images a step may name as `<name>.png` (the validator checks each name). */
  imagesDir: string;
  /** The flow files, the locale files and the JSON Schemas. */
  flowsDir: string;
  localesDir: string;
  schemasDir: string;
  /** Where `npm run gen` writes the product's types generated from the schemas. */
  generatedTypesDir: string;
  /**
   * Sources whose chunks are compiled ahead, while they download, though they do not run on load:
   * code a tap runs through before anything answers it, such as the HTTP client of the backend calls
   * (paths or folders as esbuild names its inputs, e.g. `node_modules/axios/`; compileHints.ts).
   */
  compileAhead?: string[];
  /**
   * What `funnel review` renders (engine/review/settings.ts): the languages a change other than a text
   * is shown in (default the first four languages) and the screen types that show plan prices (a plan's
   * change renders those; default every screen).
   */
  review?: { sampleLanguages?: string[]; priceScreens?: string[] };
  /** The preview build's configuration (sandbox addresses and gateway, served by `npm start` and `npm run dev`). */
  preview: FunnelConfig;
  /** The production build's configuration from the environment (the product's defaults where a variable is unset). */
  production: (env: Environment) => FunnelConfig;
}

/**
 * Types a project configuration (the `default` export of `funnel.config.ts`).
 * @example export default defineFunnelConfig({ root: import.meta.dirname, entry: 'screens/main.tsx', … });
 */
export function defineFunnelConfig(config: FunnelProjectConfig): FunnelProjectConfig {
  return config;
}

/** A path of the project configuration, made absolute. */
export const projectPath = (project: FunnelProjectConfig, path: string): string => resolve(project.root, path);

/** The share of page loads error reporting traces unless the project or the environment says otherwise (the spec: 100%). */
export const DEFAULT_TRACES_SAMPLE_RATE = 1;

/**
 * A trace sample rate from the environment: a number from 0 to 1, else a clear error (a typo must not
 * silently turn tracing off or on).
 * @example tracesSampleRateOf('0.25', 1) // 0.25
 */
export function tracesSampleRateOf(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new Error(`SENTRY_TRACES_SAMPLE_RATE must be a number from 0 to 1 (e.g. 0.25), not "${value}"`);
  return rate;
}

/**
 * The engine's own fields of a production configuration from the environment: the analytics
 * collector, the attribution global, error reporting and the batch API's key. The product adds its
 * backend settings and its destinations' placeholders. `defaults.tracesSampleRate` is the project's
 * share of traced page loads (DEFAULT_TRACES_SAMPLE_RATE unless set); `SENTRY_TRACES_SAMPLE_RATE`
 * overrides it for one build.
 */
export function environmentConfig(
  env: Environment,
  defaults: { appName: string; release: string; tracesSampleRate?: number },
): Omit<FunnelConfig, 'backendSettings' | 'destinationSettings'> & { destinationSettings: Record<string, string> } {
  return {
    analyticsUrl: env.ANALYTICS_URL ?? '',
    // the collector's write key and whose batch API ANALYTICS_URL is (segment, rudderstack, jitsu; unset: a forwarding proxy without a key)
    destinationSettings: { analyticsWriteKey: env.ANALYTICS_WRITE_KEY ?? '', analyticsApi: env.ANALYTICS_API ?? '' },
    appName: env.APP_NAME ?? defaults.appName,
    attributionGlobal: env.ATTRIBUTION_GLOBAL ?? '',
    sentryDsn: env.SENTRY_DSN ?? '',
    release: env.SENTRY_RELEASE || defaults.release,
    sentryEnvironment: env.SENTRY_ENVIRONMENT || 'production',
    sentryTracesSampleRate: tracesSampleRateOf(env.SENTRY_TRACES_SAMPLE_RATE, defaults.tracesSampleRate ?? DEFAULT_TRACES_SAMPLE_RATE),
    sentryConsent: env.SENTRY_CONSENT === 'necessary' ? 'necessary' : 'analytics',
    preview: false,
  };
}
