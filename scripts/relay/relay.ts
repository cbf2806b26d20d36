/**
 * The relay: a confirmed purchase in, one request per vendor out (Meta's Conversions API, GA4's
 * Measurement Protocol, Segment's HTTP API), each only with the visitor's consent, sent with retries,
 * and dead-lettered when it finally fails. Vendors are independent: one failing never holds back another.
 */
import type { PurchaseConfirmation } from './confirmation.ts';
import { DEFAULT_RETRY, deliver, withoutSecrets, type DeadLetterSink, type DeliveryEnv, type RetryPolicy } from './delivery.ts';
import { ga4Request, type Ga4Settings } from './ga4MeasurementProtocol.ts';
import { metaRequest, type MetaSettings } from './metaConversions.ts';
import { segmentRequest, type SegmentSettings } from './segmentTrack.ts';
import { consentRefusal, DEFAULT_CONSENT_RULES, type VendorConsentRules } from './vendorConsent.ts';
import { VENDORS, type VendorId, type VendorRequest } from './vendorRequest.ts';

export interface RelayConfig {
  /** A vendor without settings is not sent to (`not configured`). */
  meta?: MetaSettings;
  ga4?: Ga4Settings;
  segment?: SegmentSettings;
  consent?: VendorConsentRules;
  retry?: RetryPolicy;
  deadLetter: DeadLetterSink;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export type VendorOutcome =
  | { vendor: VendorId; outcome: 'sent'; attempts: number }
  | { vendor: VendorId; outcome: 'skipped'; reason: string }
  | { vendor: VendorId; outcome: 'dead-lettered'; attempts: number; reason: string };

export interface Relay {
  /** Sends a purchase to every vendor it may go to; resolves when each is sent, skipped or dead-lettered. */
  relayPurchase(confirmation: PurchaseConfirmation): Promise<VendorOutcome[]>;
}

/** The request of one vendor, or why there is none. */
async function requestFor(vendor: VendorId, c: PurchaseConfirmation, config: RelayConfig, rules: VendorConsentRules): Promise<VendorRequest | string> {
  if (vendor === 'meta') return config.meta ? metaRequest(c, config.meta) : 'not configured';
  if (vendor === 'ga4') return config.ga4 ? (ga4Request(c, config.ga4) ?? 'no GA4 client id or visitor id') : 'not configured';
  if (!config.segment) return 'not configured';
  // Segment's category ids as the browser's collector names them (its settings.consentCategories)
  const categoryIds = rules.segment.destination.settings?.consentCategories as Record<string, string> | undefined;
  return segmentRequest(c, { ...(categoryIds ? { consentCategories: categoryIds } : {}), ...config.segment });
}

/**
 * @example const relay = createRelay({ meta, ga4, segment, deadLetter: deadLetterFile('relay-dead-letter.jsonl') });
 *          await relay.relayPurchase(confirmation);
 */
export function createRelay(config: RelayConfig): Relay {
  const rules = config.consent ?? DEFAULT_CONSENT_RULES;
  const retry = config.retry ?? DEFAULT_RETRY;
  const env: DeliveryEnv = {
    fetch: config.fetch ?? globalThis.fetch.bind(globalThis),
    sleep: config.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  const one = async (vendor: VendorId, c: PurchaseConfirmation): Promise<VendorOutcome> => {
    const refused = consentRefusal(c.consent, rules[vendor]);
    if (refused) return { vendor, outcome: 'skipped', reason: refused };
    const request = await requestFor(vendor, c, config, rules);
    if (typeof request === 'string') return { vendor, outcome: 'skipped', reason: request };
    const result = await deliver(request, retry, env);
    if (result.ok) return { vendor, outcome: 'sent', attempts: result.attempts };
    await config.deadLetter({
      at: new Date().toISOString(),
      vendor,
      eventId: c.eventId,
      subscriptionId: c.subscriptionId,
      attempts: result.attempts,
      ...(result.status === undefined ? {} : { status: result.status }),
      reason: result.reason,
      request: withoutSecrets(request),
    });
    return { vendor, outcome: 'dead-lettered', attempts: result.attempts, reason: result.reason };
  };
  return { relayPurchase: (c) => Promise.all(VENDORS.map((v) => one(v, c))) };
}
