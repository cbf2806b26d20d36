/**
 * The product's build configurations: its name, the preview build's relative sandbox addresses
 * (served by `npm start` and `npm run dev`) and the production portal addresses funnel.config.ts
 * falls back to when an environment variable is unset. The engine reads whichever one the build
 * defined (`config`, from __FUNNEL_CONFIG__) and the composition hands to defineFunnel.
 */
import type { FunnelConfig } from '../../engine/index.ts';
import type { PortalAddresses } from '../backend/addresses.ts';

/** The app's name in the tracking data. */
export const APP_NAME = 'Family Locator';

/** The configuration of relative sandbox addresses, served by `npm start`. */
export const PREVIEW_CONFIG: FunnelConfig = {
  // the portal adapter's addresses (screens/backend/addresses.ts), served by the sandbox
  backendSettings: {
    webApiUrl: '/sandbox/webapi/api/v1',
    portalUrl: '/sandbox/portal/api/v1',
    cdnUrl: '/sandbox/cdn/api/v1',
    braintreePortalUrl: '/sandbox/braintree/api/v1',
  } satisfies PortalAddresses,
  // the Segment-format batch collector (scripts/server/sandbox/collector.ts) and the /__events feed
  analyticsUrl: '/sandbox/collect/v1/batch',
  inspectorUrl: '/sandbox/inspector',
  appName: APP_NAME,
  attributionGlobal: '',
  // the preview server's error collector (scripts/server/sandbox/errorCollector.ts)
  sentryDsn: '/sandbox/sentry/1',
  release: 'funnel-engine@preview',
  sentryEnvironment: 'preview',
  sentryTracesSampleRate: 1,
  sentryConsent: 'analytics',
  preview: true,
};

/** The production portal addresses used when the build's environment does not name others. */
export const PRODUCTION_DEFAULTS: PortalAddresses = {
  webApiUrl: 'https://api.geozilla.com/api/v1',
  portalUrl: 'https://portal.geozilla.com/api/v1',
  cdnUrl: 'https://cdn-api.geozilla.com/api/v1',
  braintreePortalUrl: 'https://bt-portal.geozilla.com/api/v1',
};
