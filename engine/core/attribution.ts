/**
 * What the subscription call hands the backend for server-side conversions (Meta's Conversions API,
 * Google Ads' offline conversions): the ad click ids of the arrival, Meta's browser and click ids, the
 * visitor's user agent, the page and the consent state. The event id is the call's `fb_event_id`
 * (the pixel's Purchase eventID), so browser and server events de-duplicate. Ad identifiers are sent
 * only with marketing consent; the visitor id and GA4's client id only with analytics consent; the
 * consent state always, so the backend knows what it may forward.
 * The contract: docs/operations.md "Attribution for server-side conversions".
 */
import type { FunnelState } from './store.ts';

/** The consent categories that can be refused (as engine/analytics names them). */
interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/**
 * The visitor's consent when paying: the categories; `gpc`, the browser sent Global Privacy Control
 * (opt-out of advertising); `vendors`, whether each analytics destination (by its id in the
 * destinations file) could run in the browser then, its vendor's consent included, so a server
 * forwarding the purchase decides per vendor as the browser did.
 */
export type AttributionConsent = ConsentChoice & { gpc: boolean; vendors?: Record<string, boolean> };

export interface SubscriptionAttribution {
  consent: AttributionConsent;
  user_agent: string;
  /** The page the purchase was made on (Meta's event_source_url). */
  page_url: string;
  fbp?: string;
  fbc?: string;
  gclid?: string;
  gbraid?: string;
  wbraid?: string;
  fbclid?: string;
  /** The funnel's visitor id (the `userUuid` cookie; Segment's anonymousId), with analytics consent. */
  anonymous_id?: string;
  /** GA4's client id from the `_ga` cookie (`<random>.<seconds>`), with analytics consent, when gtag has set it. */
  ga_client_id?: string;
}

/**
 * GA4's client id in a `_ga` cookie value (`GA1.<domain depth>.<random>.<seconds>`), '' when it is not one.
 * @example gaClientIdOf('GA1.1.1234567890.1700000000') // '1234567890.1700000000'
 */
export function gaClientIdOf(cookieValue: string): string {
  const match = /^GA\d\.\d+\.(\d{1,20}\.\d{1,12})$/.exec(cookieValue.trim());
  return match ? match[1]! : '';
}

/**
 * The `attribution` object of the subscription call's body.
 * @example subscriptionAttribution(store, { consent: { analytics: true, marketing: true }, gpc: false, userAgent, pageUrl, meta: () => metaIds(document, click) })
 */
export function subscriptionAttribution(
  store: FunnelState,
  env: {
    consent: ConsentChoice & { vendors?: Record<string, boolean> };
    gpc: boolean;
    userAgent: string;
    pageUrl: string;
    /** Reads (or writes) Meta's ids; absent where Meta's destination may not run: none are sent. */
    meta?: () => { fbp: string; fbc: string };
    gaClientId?: () => string;
  },
): SubscriptionAttribution {
  const { analytics, marketing, vendors } = env.consent;
  const consent: AttributionConsent = { analytics, marketing, gpc: env.gpc, ...(vendors ? { vendors: { ...vendors } } : {}) };
  const out: SubscriptionAttribution = { consent, user_agent: env.userAgent, page_url: env.pageUrl };
  if (env.consent.analytics) {
    const gaClientId = env.gaClientId?.() ?? '';
    if (store.events.visitorId) out.anonymous_id = store.events.visitorId;
    if (gaClientId) out.ga_client_id = gaClientId;
  }
  if (!env.consent.marketing) return out;
  // Meta's ids only where Meta may run (its vendor refused under a TCF CMP: none, and no cookie written)
  if (!env.meta) {
    const { fbclid: _metaClick, ...clickIds } = store.events.clickIds ?? {};
    return { ...out, ...clickIds };
  }
  const { fbp, fbc } = env.meta();
  return { ...out, fbp, ...(fbc ? { fbc } : {}), ...store.events.clickIds };
}
