/**
 * Which vendors a purchase may go to, from the consent snapshot the funnel sent with the subscription
 * call: a vendor needs the consent category of its browser destination (flows/destinations.json: the
 * pixel is `marketing`, GA4 and the Segment collector `analytics`), must not be refused by name in
 * `consent.vendors`, and an advertising vendor is never sent to a browser that sent Global Privacy
 * Control.
 */
import type { ConsentSnapshot } from './confirmation.ts';
import type { VendorId } from './vendorRequest.ts';

export interface VendorConsentRule {
  /** The browser destination's id in flows/destinations.json (the key of `consent.vendors`). */
  destinationId: string;
  category: 'analytics' | 'marketing';
  /** Advertising (sale or sharing under GPC): refused when the browser sent GPC. */
  advertising: boolean;
}

export type VendorConsentRules = Record<VendorId, VendorConsentRule>;

/** The destination type of each vendor in flows/destinations.json. */
export const DESTINATION_TYPES: Record<VendorId, string> = { meta: 'meta-pixel', ga4: 'ga4', segment: 'segment-http' };

/** What applies when the destinations file names no destination of a vendor's type. */
export const DEFAULT_CONSENT_RULES: VendorConsentRules = {
  meta: { destinationId: 'meta', category: 'marketing', advertising: true },
  ga4: { destinationId: 'ga4', category: 'analytics', advertising: false },
  segment: { destinationId: 'collector', category: 'analytics', advertising: false },
};

/**
 * The rules from a destinations file's environment: each vendor takes the category and id of the first
 * destination of its type.
 * @example consentRulesFrom(destinations.environments.production.destinations).meta.category // 'marketing'
 */
export function consentRulesFrom(destinations: ReadonlyArray<{ id?: unknown; type?: unknown; category?: unknown }>): VendorConsentRules {
  const rules = { ...DEFAULT_CONSENT_RULES };
  for (const vendor of Object.keys(DESTINATION_TYPES) as VendorId[]) {
    const d = destinations.find((x) => x.type === DESTINATION_TYPES[vendor]);
    if (d && typeof d.id === 'string' && (d.category === 'analytics' || d.category === 'marketing'))
      rules[vendor] = { ...rules[vendor], destinationId: d.id, category: d.category };
  }
  return rules;
}

/** Why a vendor may not be sent this purchase, or undefined when it may. */
export function consentRefusal(consent: ConsentSnapshot, rule: VendorConsentRule): string | undefined {
  if (!consent[rule.category]) return `no ${rule.category} consent`;
  if (consent.vendors?.get(rule.destinationId) === false) return `the visitor refused ${rule.destinationId}`;
  if (rule.advertising && consent.gpc) return 'Global Privacy Control';
  return undefined;
}
