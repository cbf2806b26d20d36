/**
 * Build-time configuration (DESIGN.md section 6): the backend adapter's settings, the analytics
 * collector, error reporting and whether this is a preview build. The build defines __FUNNEL_CONFIG__
 * from the project configuration (funnel.config.ts: its preview config, or its production config from
 * the environment).
 */

export interface FunnelConfig {
  /**
   * The settings of the product's backend adapter (for a portal, its base addresses by name), from
   * the project configuration (funnel.config.ts): the engine only carries them to the adapter.
   */
  backendSettings: Record<string, string>;
  /** Where the analytics sink posts events; empty for none. */
  analyticsUrl: string;
  /** The app name in the tracking data. */
  appName: string;
  /** The marketing-attribution global polled for at start-up; empty to skip. */
  attributionGlobal: string;
  /**
   * Where errors are reported (a Sentry DSN); empty turns error reporting off and no reporting code
   * is loaded. A value starting with `/` is a collector on the page's own origin (preview builds).
   */
  sentryDsn: string;
  /** The release tag of every error report. */
  release: string;
  /** The environment of every error report (production, preview, staging…); default production. */
  sentryEnvironment?: string;
  /** The share of page loads traced, 0 to 1; default 0.05. */
  sentryTracesSampleRate?: number;
  /**
   * The consent error reports follow: `analytics` (sent only with analytics consent; the default) or
   * `necessary` (always, as the service's own operation data).
   */
  sentryConsent?: 'analytics' | 'necessary';
  /**
   * Values for the `{{name}}` placeholders of the destinations file beyond this configuration's own
   * fields, e.g. `{ metaPixelId: '123…' }` (from the build's environment); a destination whose setting
   * is left empty is off.
   */
  destinationSettings?: Record<string, string>;
  /** Where analytics destinations report what they sent, for the preview's /__events page; unset in production. */
  inspectorUrl?: string;
  /**
   * The build's version stamp (engine/build/flowVersion.ts: a hash of the flows, texts and engine, plus
   * the commit): `flow_version` of every event's context and a tag of every error report. Set by the build.
   */
  flowVersion?: string;
  /** Preview builds carry the sandbox payment gateway; production builds never do. */
  preview: boolean;
}

declare const __FUNNEL_CONFIG__: FunnelConfig;

/**
 * Outside a bundle (Node running the preview server, the gallery or a script that imports the public
 * entry) there is no build configuration: importing is fine, reading a field says why it is missing.
 */
function unbundledConfig(): FunnelConfig {
  return new Proxy({} as FunnelConfig, {
    get(_target, key) {
      if (typeof key === 'symbol') return undefined;
      throw new Error(
        `config.${key} is defined by the build (__FUNNEL_CONFIG__ in the build and vitest.config.ts); outside a bundle pass a FunnelConfig instead`,
      );
    },
  });
}

/**
 * The configuration this bundle was built with: the build (and vitest.config.ts) define
 * __FUNNEL_CONFIG__, so a production bundle holds only its own addresses.
 */
export const config: FunnelConfig = typeof __FUNNEL_CONFIG__ === 'undefined' ? unbundledConfig() : __FUNNEL_CONFIG__;
