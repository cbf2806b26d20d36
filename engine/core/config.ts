/**
 * Build-time configuration (DESIGN.md section 6): API base addresses, the analytics collector and
 * whether this is a preview build. build.mjs defines __FUNNEL_CONFIG__ from environment variables.
 */

export interface FunnelConfig {
  /** Base of the web API, e.g. https://api.example.com/api/v1 */
  webApiUrl: string;
  /** Base of the portal API (payment settings, subscriptions, polling). */
  portalUrl: string;
  /** Base of the CDN API. */
  cdnUrl: string;
  /** Base of the portal that takes Braintree subscriptions. */
  braintreePortalUrl: string;
  /** Where the analytics sink posts events; empty for none. */
  analyticsUrl: string;
  /** The app name in the tracking data. */
  appName: string;
  /** The marketing-attribution global polled for at start-up; empty to skip. */
  attributionGlobal: string;
  /** Preview builds carry the sandbox payment gateway; production builds never do. */
  preview: boolean;
}

declare const __FUNNEL_CONFIG__: FunnelConfig | undefined;

/** The configuration of relative sandbox addresses, served by `npm start`. */
export const PREVIEW_CONFIG: FunnelConfig = {
  webApiUrl: '/sandbox/webapi/api/v1',
  portalUrl: '/sandbox/portal/api/v1',
  cdnUrl: '/sandbox/cdn/api/v1',
  braintreePortalUrl: '/sandbox/braintree/api/v1',
  analyticsUrl: '/sandbox/events',
  appName: 'Family Locator',
  attributionGlobal: '',
  preview: true,
};

export const config: FunnelConfig = typeof __FUNNEL_CONFIG__ !== 'undefined' ? __FUNNEL_CONFIG__ : PREVIEW_CONFIG;
