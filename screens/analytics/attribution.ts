/**
 * The `attribution` object of this browser's subscription call (the backend contract:
 * docs/operations.md "Attribution for server-side conversions"): consent as it stands, Global
 * Privacy Control, user agent, page, and with marketing consent Meta's `fbp` / `fbc` and the click ids.
 */
import { subscriptionAttribution, type FunnelState, type SubscriptionAttribution } from '../../engine/index.ts';
import { globalPrivacyControl, metaIds } from '../../engine/analytics/index.ts';
import { currentConsent } from './measurement.ts';

/** @example const extra = { landing_type, attribution: purchaseAttribution(store) } */
export function purchaseAttribution(store: FunnelState): SubscriptionAttribution {
  const gpc = globalPrivacyControl();
  const choice = currentConsent() ?? { analytics: false, marketing: false };
  return subscriptionAttribution(store, {
    consent: { analytics: choice.analytics, marketing: choice.marketing },
    gpc,
    userAgent: navigator.userAgent,
    pageUrl: location.href,
    meta: () => metaIds(document, { fbclid: store.events.clickIds?.fbclid, clickAt: store.events.clickAt }, { secure: location.protocol === 'https:' }),
  });
}
