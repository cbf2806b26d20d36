/**
 * Which vendors a purchase may go to, from the consent snapshot the funnel sent with the subscription
 * call (attribution.consent). The browser already decided, per destination, whether each may run
 * (engine/analytics/consent.ts `destinationMayRun`: its category, and under a TCF CMP its purposes and
 * its vendor's consent) and sent that decision as `consent.vendors`; the relay follows it for the
 * vendor's browser destination (flows/destinations.json). A snapshot without it (a funnel built before
 * it was sent) is decided by the same engine function from the categories alone, as under the built-in
 * banner. An advertising vendor is never sent to a browser that sent Global Privacy Control.
 */
import { ga4Destination, metaPixelDestination, segmentDestination, destinationMayRun, type DestinationConsent } from '../../engine/analytics/runtime.ts';
import type { ConsentSnapshot } from './confirmation.ts';
import type { VendorId } from './vendorRequest.ts';

/** A vendor's browser destination as flows/destinations.json declares it. */
export interface VendorDestination {
  /** Its id: the key of `consent.vendors`. */
  id: string;
  category: 'analytics' | 'marketing';
  consent?: DestinationConsent;
  /** Its settings (the collector's `consentCategories` name Segment's categories for the relay too). */
  settings?: Record<string, unknown>;
}

export interface VendorConsentRule {
  destination: VendorDestination;
  /** Advertising (sale or sharing under GPC; the destination type's own flag): refused when the browser sent GPC. */
  advertising: boolean;
}

export type VendorConsentRules = Record<VendorId, VendorConsentRule>;

/** The browser destination type of each vendor (the engine's registrations). */
const REGISTRATIONS = { meta: metaPixelDestination, ga4: ga4Destination, segment: segmentDestination } as const;

/** The destination type of each vendor in flows/destinations.json. */
export const DESTINATION_TYPES: Record<VendorId, string> = {
  meta: REGISTRATIONS.meta.type,
  ga4: REGISTRATIONS.ga4.type,
  segment: REGISTRATIONS.segment.type,
};

const rule = (vendor: VendorId, destination: VendorDestination): VendorConsentRule => ({
  destination,
  advertising: REGISTRATIONS[vendor].advertising === true,
});

/** What applies when the destinations file names no destination of a vendor's type. */
export const DEFAULT_CONSENT_RULES: VendorConsentRules = {
  meta: rule('meta', { id: 'meta', category: 'marketing' }),
  ga4: rule('ga4', { id: 'ga4', category: 'analytics' }),
  segment: rule('segment', { id: 'collector', category: 'analytics' }),
};

type DeclaredDestination = { id?: unknown; type?: unknown; category?: unknown; consent?: unknown; settings?: unknown };

/**
 * The rules from a destinations file's environment: each vendor takes the first destination of its type
 * (its id, category, consent declaration and settings, as the browser reads them).
 * @example consentRulesFrom(destinations.environments.production.destinations).meta.destination.category // 'marketing'
 */
export function consentRulesFrom(destinations: ReadonlyArray<DeclaredDestination>): VendorConsentRules {
  const rules = { ...DEFAULT_CONSENT_RULES };
  for (const vendor of Object.keys(DESTINATION_TYPES) as VendorId[]) {
    const d = destinations.find((x) => x.type === DESTINATION_TYPES[vendor]);
    if (!d || typeof d.id !== 'string' || (d.category !== 'analytics' && d.category !== 'marketing')) continue;
    // the file is checked against schemas/destinations.schema.json (npm run validate)
    const consent = d.consent && typeof d.consent === 'object' ? { consent: d.consent as DestinationConsent } : {};
    const settings = d.settings && typeof d.settings === 'object' ? { settings: d.settings as Record<string, unknown> } : {};
    rules[vendor] = rule(vendor, { id: d.id, category: d.category, ...consent, ...settings });
  }
  return rules;
}

/** Why a vendor may not be sent this purchase, or undefined when it may. */
export function consentRefusal(consent: ConsentSnapshot, { destination, advertising }: VendorConsentRule): string | undefined {
  const browser = consent.vendors?.get(destination.id);
  if (browser === false) return `the browser's consent refused ${destination.id} (its purposes or its vendor)`;
  if (browser === undefined) {
    // no decision of the browser's for it: the categories decide, by the browser's own rule under the banner
    const state = { analytics: consent.analytics, marketing: consent.marketing, decided: true };
    if (!destinationMayRun(state, destination)) return `no ${destination.category} consent`;
  }
  if (advertising && consent.gpc) return 'Global Privacy Control';
  return undefined;
}
