/**
 * GA4's Measurement Protocol: POST {base}/mp/collect?measurement_id=…&api_secret=… with `client_id`
 * (the browser's, from the `_ga` cookie, else the funnel's visitor id), `user_id` (the account, as
 * the browser's GA4 knows it), `timestamp_micros` and `events[{ name: 'purchase', params }]`. GA4
 * de-duplicates purchases by `transaction_id`, which is the browser's (the subscription id, Segment's
 * order_id). The items are built as the browser's GA4 destination builds them from Segment's products.
 * `consent` tells Google whether the data may serve ads (the visitor's marketing choice).
 */
import type { SpecProduct } from '../../engine/index.ts';
import type { PurchaseConfirmation } from './confirmation.ts';
import { orderCompletedOf } from './segmentTrack.ts';
import { joinUrl, type VendorRequest } from './vendorRequest.ts';

export interface Ga4Settings {
  baseUrl: string;
  measurementId: string;
  apiSecret: string;
}

/** The Measurement Protocol payload of a confirmed purchase, or undefined without a client id. */
export function ga4Payload(c: PurchaseConfirmation): Record<string, unknown> | undefined {
  const clientId = c.gaClientId ?? c.anonymousId;
  if (!clientId) return undefined;
  const order = orderCompletedOf(c);
  const granted = c.consent.marketing && !c.consent.gpc ? 'GRANTED' : 'DENIED';
  return {
    client_id: clientId,
    user_id: c.user.id,
    timestamp_micros: c.confirmedAt * 1000,
    consent: { ad_user_data: granted, ad_personalization: granted },
    events: [
      {
        name: 'purchase',
        params: {
          transaction_id: order.order_id,
          value: order.value,
          currency: c.currency,
          items: (order.products as SpecProduct[]).map((p) => ({ item_id: p.product_id, item_name: p.name, price: p.price, quantity: p.quantity })),
          ...(c.landingType ? { landing_type: c.landingType } : {}),
        },
      },
    ],
  };
}

/** The Measurement Protocol request, or undefined when there is no client id to send it with. */
export function ga4Request(c: PurchaseConfirmation, s: Ga4Settings): VendorRequest | undefined {
  const payload = ga4Payload(c);
  if (!payload) return undefined;
  const query = new URLSearchParams({ measurement_id: s.measurementId, api_secret: s.apiSecret });
  return { url: `${joinUrl(s.baseUrl, 'mp/collect')}?${query}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) };
}
