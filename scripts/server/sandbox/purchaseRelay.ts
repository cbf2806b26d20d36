/**
 * The preview's backend side of server-side conversions: every subscription the sandbox confirms is
 * handed to the purchase relay (scripts/relay) in process, as the confirmation the real backend posts
 * (docs/operations.md "Server-side conversions"), with the vendors' base addresses pointed at the
 * preview server's own stand-ins (./vendorEndpoints.ts). The subscription call's body (fb_event_id,
 * landing_type, attribution) and the caller's address are noted when the call arrives, and read back
 * when the subscription is recorded.
 */
import type { IncomingMessage } from 'node:http';
import { LRUCache } from 'lru-cache';
import { parseConfirmation } from '../../relay/confirmation.ts';
import { deadLetterFile } from '../../relay/deadLetterFile.ts';
import { createRelay, type Relay } from '../../relay/relay.ts';
import { consentRulesFrom } from '../../relay/vendorConsent.ts';
import destinationsFile from '../../../flows/destinations.json';
import { paymentsOf, type Subscription } from './paymentsState.ts';
import type { SandboxState } from './state.ts';
import { VENDORS_PATH } from './vendorEndpoints.ts';

interface PurchaseOrigin {
  body: Record<string, unknown>;
  clientIp: string;
}

const origins = new WeakMap<SandboxState, LRUCache<string, PurchaseOrigin>>();

/** Notes what a subscription call carried, for the confirmation of the subscription it may create. */
export function notePurchaseOrigin(state: SandboxState, userId: string, fbEventId: string, body: Record<string, unknown>, req: IncomingMessage): void {
  let byEvent = origins.get(state);
  if (!byEvent) origins.set(state, (byEvent = new LRUCache<string, PurchaseOrigin>({ max: 5000 })));
  byEvent.set(`${userId}|${fbEventId}`, { body, clientIp: req.socket.remoteAddress ?? '' });
}

/** The backend's purchase confirmation of a subscription, in the relay's documented format. */
export function confirmationOf(s: Subscription, origin: PurchaseOrigin): Record<string, unknown> {
  const landingType = origin.body.landing_type;
  return {
    event_id: s.fb_event_id,
    subscription_id: s.id,
    confirmed_at: s.created_at,
    plan: s.plan,
    price_with_discount: s.price_with_discount,
    regular_price: s.regular_price,
    currency: 'USD',
    gateway: s.gateway,
    is_upsell: s.upsell,
    ...(typeof landingType === 'string' && landingType ? { landing_type: landingType } : {}),
    user: { id: s.userId, email: s.email },
    ...(origin.clientIp ? { client_ip_address: origin.clientIp.replace(/^::ffff:/, '') } : {}),
    attribution: origin.body.attribution,
  };
}

/** The preview's own stand-in settings: the ids of the preview destinations, placeholder secrets. */
function previewVendors(baseUrl: string) {
  const preview = destinationsFile.environments.preview.destinations as Array<{ type: string; settings: Record<string, unknown> }>;
  const setting = (type: string, name: string): string => String(preview.find((d) => d.type === type)?.settings[name] ?? 'preview');
  return {
    meta: { baseUrl: `${baseUrl}${VENDORS_PATH}/meta`, apiVersion: 'v24.0', pixelId: setting('meta-pixel', 'pixelId'), accessToken: 'sandbox-access-token' },
    ga4: { baseUrl: `${baseUrl}${VENDORS_PATH}/ga4`, measurementId: setting('ga4', 'measurementId'), apiSecret: 'sandbox-api-secret' },
    segment: { baseUrl: `${baseUrl}${VENDORS_PATH}/segment`, writeKey: 'sandbox-write-key' },
  };
}

/**
 * Relays every subscription the sandbox confirms from now on. Sends run beside the purchase: the
 * subscription call never waits for them.
 * @example startPurchaseRelay(state, 'http://127.0.0.1:8080', '/tmp/relay-dead-letter.jsonl')
 */
export function startPurchaseRelay(state: SandboxState, baseUrl: string, deadLetterPath: string): Relay {
  const relay = createRelay({
    ...previewVendors(baseUrl),
    // the preview's browser runs the preview destinations: the relay follows the same declarations
    consent: consentRulesFrom(destinationsFile.environments.preview.destinations),
    retry: { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 1000, timeoutMs: 5000 },
    deadLetter: deadLetterFile(deadLetterPath),
  });
  paymentsOf(state).onConfirmed = (s) => {
    const origin = origins.get(state)?.get(`${s.userId}|${s.fb_event_id}`);
    // a call that did not come from the funnel (no attribution, e.g. a test's direct call): nothing to relay
    if (!origin || !origin.body.attribution || typeof origin.body.attribution !== 'object') return;
    const parsed = parseConfirmation(confirmationOf(s, origin));
    if (!parsed.ok) return console.warn(`purchase relay: the confirmation of ${s.id} is refused: ${parsed.problems.join('; ')}`);
    relay.relayPurchase(parsed.value).catch((error: unknown) => console.error('purchase relay error:', error));
  };
  return relay;
}
