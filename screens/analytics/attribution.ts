/**
 * The `attribution` object of this browser's subscription call (the backend contract:
 * docs/operations.md "Attribution for server-side conversions"): consent as it stands (with each
 * destination's decision, so the relay follows the browser vendor by vendor), Global
 * Privacy Control, user agent, page, with analytics consent the visitor id and GA4's client id (the
 * `_ga` cookie), and with marketing consent Meta's `fbp` / `fbc` and the click ids.
 * A purchase resumed right after a reload posts its request again before the consent rule is decided
 * there; it must be the same body (one idempotency key, one body), so the last object built in the
 * tab is kept in session storage and reused until the consent is known again.
 */
import { gaClientIdOf, readJson, subscriptionAttribution, writeItem, type FunnelState, type SubscriptionAttribution } from '../../engine/index.ts';
import { globalPrivacyControl, metaIds } from '../../engine/analytics/index.ts';
import { currentConsent } from '../../engine/analytics/index.ts';

const LAST_ATTRIBUTION_KEY = 'purchase:attribution';
/** The Meta Pixel's destination type (engine/analytics/adDestinations.ts). */
const META_PIXEL_TYPE = 'meta-pixel';

/** GA4's client id from the `_ga` cookie gtag.js writes ('' before it has, or with cookies blocked). */
function gaCookieClientId(): string {
  try {
    const hit = document.cookie.split('; ').find((c) => c.startsWith('_ga='));
    return hit ? gaClientIdOf(decodeURIComponent(hit.slice(4))) : '';
  } catch {
    return '';
  }
}

/** @example const extra = { landing_type, attribution: purchaseAttribution(store) } */
export function purchaseAttribution(store: FunnelState): SubscriptionAttribution {
  const choice = currentConsent();
  const kept = readJson<SubscriptionAttribution>('session', LAST_ATTRIBUTION_KEY);
  if (!choice && kept && typeof kept === 'object' && kept.consent) return kept;
  const gpc = globalPrivacyControl();
  // Meta's cookie and ids only where the browser lets Meta's pixel run (not under a TCF CMP refusing its vendor)
  const byType = choice?.byType;
  const metaMayRun = !byType || !Object.hasOwn(byType, META_PIXEL_TYPE) || byType[META_PIXEL_TYPE] === true;
  const built = subscriptionAttribution(store, {
    // the categories and each destination's own decision (its vendor's consent included) for the relay
    consent: { analytics: choice?.analytics ?? false, marketing: choice?.marketing ?? false, ...(choice?.vendors ? { vendors: choice.vendors } : {}) },
    gpc,
    userAgent: navigator.userAgent,
    pageUrl: location.href,
    gaClientId: gaCookieClientId,
    ...(metaMayRun
      ? { meta: () => metaIds(document, { fbclid: store.events.clickIds?.fbclid, clickAt: store.events.clickAt }, { secure: location.protocol === 'https:' }) }
      : {}),
  });
  writeItem('session', LAST_ATTRIBUTION_KEY, JSON.stringify(built));
  return built;
}
