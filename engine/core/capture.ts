/**
 * Start-up step 9: on the first screen, when no tracking state is set yet, read the query string once
 * and store the tracking parameters; the landing type is recorded whenever a landing route opens.
 */
import type { Analytics } from './analytics.ts';
import type { FunnelState } from './store.ts';
import { deviceLabel, detectOs, parseQuery } from './tracking.ts';

export interface PageInfo {
  search: string;
  hostname: string;
  origin: string;
  userAgent: string;
  appName: string;
  /** The capture time (tests); Date.now() when absent. */
  now?: number;
}

/**
 * Stores utm data, os and app domain once per visitor; later visits keep the first capture.
 * @returns true when this call captured the query
 */
export function captureTracking(store: FunnelState, page: PageInfo, analytics?: Analytics): boolean {
  if (store.events.captured) return false;
  const query = parseQuery(page.search);
  const os = detectOs(page.userAgent);
  Object.assign(store.events, {
    app_domain: page.hostname,
    utm_source: query.utm_source,
    utm: query.utm,
    os,
    captured: true,
  });
  Object.assign(store.events.analyticsData, {
    app_name: page.appName,
    AppDomain: page.hostname,
    OSDevice: deviceLabel(os),
  });
  Object.assign(store.plans, { utm: query.utm, os, origin: page.origin });
  if (Object.keys(query.clickIds).length) Object.assign(store.events, { clickIds: query.clickIds, clickAt: page.now ?? Date.now() });
  analytics?.track('tracking_captured', { utm_source: query.utm_source, from_facebook: query.fromFacebook, os });
  return true;
}

/** Records the landing type of the landing route the visitor opened. */
export function recordLandingType(store: FunnelState, landingType: string, origin: string, pathname: string): void {
  store.plans.landingType = landingType;
  store.events.analyticsData.landing_type = landingType;
  // the current page URL is the origin plus the variant path (spec section 3)
  store.events.analyticsData.page_url = origin + pathname;
}

/** Gives a visitor who came in past every landing the variant their steps are shown in (the home variant), once. */
export function adoptLandingType(store: FunnelState, landingType: string): void {
  if (!store.plans.landingType) store.plans.landingType = landingType;
}
