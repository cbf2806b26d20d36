/** The preview build's configuration: relative sandbox addresses served by `npm start` (no browser import). */
import type { FunnelConfig } from './config.ts';

/** The configuration of relative sandbox addresses, served by `npm start`. */
export const PREVIEW_CONFIG: FunnelConfig = {
  webApiUrl: '/sandbox/webapi/api/v1',
  portalUrl: '/sandbox/portal/api/v1',
  cdnUrl: '/sandbox/cdn/api/v1',
  braintreePortalUrl: '/sandbox/braintree/api/v1',
  // the Segment-format batch collector (scripts/server/sandbox/collector.ts) and the /__events feed
  analyticsUrl: '/sandbox/collect/v1/batch',
  inspectorUrl: '/sandbox/inspector',
  appName: 'Family Locator',
  attributionGlobal: '',
  // the preview server's error collector (scripts/server/sandbox/errorCollector.ts)
  sentryDsn: '/sandbox/sentry/1',
  release: 'funnel-engine@preview',
  preview: true,
};
