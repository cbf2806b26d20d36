/**
 * Segment's HTTP Tracking API: POST {base}/v1/track with HTTP Basic auth (the write key as the user
 * name, no password) and one track call: `messageId`, `userId` (and `anonymousId` when known),
 * `event: 'Order Completed'`, `properties`, `context`, `timestamp`. The messageId and the properties
 * are the browser's (engine/core/ecommerce.ts `orderCompleted`; the browser's Order Completed takes
 * its event_id, the subscription call's fb_event_id, as its id), so Segment keeps one copy of the two
 * when both reach the same source. `context.consent` is the browser collector's Consent Management
 * object (`categoryPreferences`, by the engine's own function and the collector's `consentCategories`),
 * built from the categories the funnel sent with the purchase.
 */
import { orderCompleted } from '../../engine/index.ts';
import { segmentConsent } from '../../engine/analytics/runtime.ts';
import type { PurchaseConfirmation } from './confirmation.ts';
import { joinUrl, type VendorRequest } from './vendorRequest.ts';

export interface SegmentSettings {
  baseUrl: string;
  writeKey: string;
  /** The collector's `settings.consentCategories` (funnel category -> Segment category id), where it has one. */
  consentCategories?: Readonly<Record<string, string>>;
}

/** Segment's Order Completed properties of a confirmation, exactly as the browser tracks them. */
export function orderCompletedOf(c: PurchaseConfirmation): Record<string, unknown> {
  const props = orderCompleted({
    plan: c.plan,
    subscriptionId: c.subscriptionId,
    finalPrice: c.finalPrice,
    regularPrice: c.regularPrice,
    currency: c.currency,
    gateway: c.gateway,
    upsell: c.upsell,
    eventId: c.eventId,
  });
  return { ...props, ...(c.landingType ? { landing_type: c.landingType } : {}) };
}

/** The track call of a confirmed purchase (`categoryIds`: the collector's `consentCategories`). */
export function segmentMessage(c: PurchaseConfirmation, categoryIds?: Readonly<Record<string, string>>): Record<string, unknown> {
  const page = new URL(c.pageUrl);
  return {
    type: 'track',
    messageId: c.eventId,
    userId: c.user.id,
    ...(c.anonymousId ? { anonymousId: c.anonymousId } : {}),
    event: 'Order Completed',
    properties: orderCompletedOf(c),
    context: {
      ...(c.clientIp ? { ip: c.clientIp } : {}),
      userAgent: c.userAgent,
      page: { url: c.pageUrl, path: page.pathname, search: page.search },
      library: { name: 'funnel-relay', version: '1' },
      consent: segmentConsent(c.consent, categoryIds),
    },
    timestamp: new Date(c.confirmedAt).toISOString(),
  };
}

/** The HTTP Tracking API request of a confirmed purchase. */
export function segmentRequest(c: PurchaseConfirmation, s: SegmentSettings): VendorRequest {
  const auth = btoa(`${s.writeKey}:`);
  return {
    url: joinUrl(s.baseUrl, 'v1/track'),
    headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
    body: JSON.stringify(segmentMessage(c, s.consentCategories)),
  };
}
