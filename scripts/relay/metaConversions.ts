/**
 * Meta's Conversions API: the purchase as a server event, de-duplicated with the browser pixel's
 * Purchase by `event_name` + `event_id` (the pixel's eventID is the subscription call's fb_event_id).
 * POST {base}/{version}/{pixel id}/events with `data[]` and `access_token`. Website events need
 * `action_source: 'website'`, `event_source_url` and `client_user_agent`; `event_time` is Unix
 * seconds; contact data (`em`) and `external_id` are SHA-256 of the normalised value, hashed by the
 * engine's own functions (engine/analytics/hashedIds.ts, WebCrypto), the very ones the browser pixel's
 * advanced matching uses, so the two `external_id`s of an account are one; `client_ip_address`,
 * `client_user_agent`, `fbc` and `fbp` are sent as they are (Meta's customer information parameters).
 */
import { hashedEmail, hashedExternalId } from '../../engine/analytics/runtime.ts';
import type { PurchaseConfirmation } from './confirmation.ts';
import { joinUrl, type VendorRequest } from './vendorRequest.ts';

export interface MetaSettings {
  baseUrl: string;
  apiVersion: string;
  pixelId: string;
  accessToken: string;
  /** Meta's Test Events code, to see server events in Events Manager's test tab. */
  testEventCode?: string;
}

/** The server event of a confirmed purchase. */
export async function metaPurchaseEvent(c: PurchaseConfirmation): Promise<Record<string, unknown>> {
  const em = c.user.email ? await hashedEmail(c.user.email) : undefined;
  const externalId = await hashedExternalId(c.user.id);
  const userData: Record<string, unknown> = {
    ...(em ? { em: [em] } : {}),
    ...(externalId ? { external_id: [externalId] } : {}),
    ...(c.clientIp ? { client_ip_address: c.clientIp } : {}),
    client_user_agent: c.userAgent,
    ...(c.fbc ? { fbc: c.fbc } : {}),
    ...(c.fbp ? { fbp: c.fbp } : {}),
  };
  return {
    event_name: 'Purchase',
    event_time: Math.floor(c.confirmedAt / 1000),
    event_id: c.eventId,
    action_source: 'website',
    event_source_url: c.pageUrl,
    user_data: userData,
    // the pixel's Purchase parameters (engine/analytics/metaPixel.ts), plus the order id
    custom_data: { currency: c.currency, value: c.finalPrice, content_ids: [c.plan], content_type: 'product', order_id: c.subscriptionId },
  };
}

/** The Conversions API request of a confirmed purchase. */
export async function metaRequest(c: PurchaseConfirmation, s: MetaSettings): Promise<VendorRequest> {
  const body = { data: [await metaPurchaseEvent(c)], access_token: s.accessToken, ...(s.testEventCode ? { test_event_code: s.testEventCode } : {}) };
  return {
    url: joinUrl(s.baseUrl, `${encodeURIComponent(s.apiVersion)}/${encodeURIComponent(s.pixelId)}/events`),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}
