/**
 * What the subscription call hands the backend for server-side conversions (Meta's Conversions API,
 * Google Ads' offline conversions): the ad click ids of the arrival, Meta's browser and click ids, the
 * visitor's user agent, the page and the consent state. The event id is the call's `fb_event_id`
 * (the pixel's Purchase eventID), so browser and server events de-duplicate. Ad identifiers are sent
 * only with marketing consent; the consent state always, so the backend knows what it may forward.
 * The contract: docs/operations.md "Attribution for server-side conversions".
 */
import type { FunnelState } from './store.ts';

/** The consent categories that can be refused (as engine/analytics names them). */
interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export interface SubscriptionAttribution {
  /** The visitor's consent when paying; `gpc`: the browser sent Global Privacy Control (opt-out of advertising). */
  consent: ConsentChoice & { gpc: boolean };
  user_agent: string;
  /** The page the purchase was made on (Meta's event_source_url). */
  page_url: string;
  fbp?: string;
  fbc?: string;
  gclid?: string;
  gbraid?: string;
  wbraid?: string;
  fbclid?: string;
}

/**
 * The `attribution` object of the subscription call's body.
 * @example subscriptionAttribution(store, { consent: { analytics: true, marketing: true }, gpc: false, userAgent, pageUrl, meta: () => metaIds(document, click) })
 */
export function subscriptionAttribution(
  store: FunnelState,
  env: { consent: ConsentChoice; gpc: boolean; userAgent: string; pageUrl: string; meta: () => { fbp: string; fbc: string } },
): SubscriptionAttribution {
  const out: SubscriptionAttribution = { consent: { ...env.consent, gpc: env.gpc }, user_agent: env.userAgent, page_url: env.pageUrl };
  if (!env.consent.marketing) return out;
  const { fbp, fbc } = env.meta();
  return { ...out, fbp, ...(fbc ? { fbc } : {}), ...store.events.clickIds };
}
