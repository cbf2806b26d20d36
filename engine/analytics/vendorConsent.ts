/**
 * Vendor-level consent: what a destination declares (the TCF purposes it needs and how its vendor's
 * consent is read) and the decision whether it may run under a TCF CMP's answer.
 * - A vendor on the IAB Global Vendor List is read by its GVL id (`vendor.consents`).
 * - A vendor that is not (Meta) is read from the CMP's custom-vendor answer where the product configures
 *   one (cmp.ts `customVendors`), else from Google's Additional Consent string by its ATP provider id.
 * - `publisher`: the site's own processing (its own collector, or a processor acting for it): the
 *   purposes are its signal.
 * A vendor with no signal at all is refused. Legitimate interest counts only where declared.
 */

/** How a destination's vendor consent is read. */
export interface VendorRef {
  /** Its id on the IAB TCF Global Vendor List (Google: 755). */
  tcf?: number;
  /** Its provider id on Google's Additional Consent (ATP) list, for a vendor not on the GVL (Meta: 89). */
  googleAc?: number;
  /** The name the product's CMP adapter reads its custom-vendor consent by (flows/consent.json `cmp.customVendors`). */
  custom?: string;
  /** The site itself or its processor: no third-party vendor signal; the purposes decide. */
  publisher?: boolean;
  /** The vendor may rely on its legitimate interest (TCF `vendor.legitimateInterests`) instead of consent. */
  legitimateInterest?: boolean;
}

/** What a destination declares in flows/destinations.json (`consent`). */
export interface DestinationConsent {
  /** TCF v2.2 purpose ids it needs. */
  purposes: number[];
  /** Of those, the ones it may rely on legitimate interest for (never 1, 3, 4, 5 or 6: TCF policy). */
  legitimateInterest?: number[];
  vendor: VendorRef;
}

/** A TCF CMP's answer as the decision reads it. */
export interface TcfSignal {
  gdprApplies: boolean;
  purposeConsents: Readonly<Record<string, boolean>>;
  purposeLegitimateInterests: Readonly<Record<string, boolean>>;
  vendorConsents: Readonly<Record<string, boolean>>;
  vendorLegitimateInterests: Readonly<Record<string, boolean>>;
  /** The consented providers of Google's Additional Consent string; undefined without one. */
  additionalConsent?: ReadonlySet<number>;
  /** The CMP's custom-vendor answers, by the names of cmp.customVendors; a name it did not answer is absent. */
  customVendors: ReadonlyMap<string, boolean>;
}

const yes = (record: Readonly<Record<string, boolean>>, id: number): boolean => Object.hasOwn(record, String(id)) && record[String(id)] === true;

/**
 * The consented providers of Google's Additional Consent string: v1 `1~89.2008` and v2
 * `2~89.2008~dv.9.21` (after `~dv.` come providers disclosed but not consented). Undefined for an
 * empty or malformed string (then nobody is consented by it).
 * @example additionalConsentProviders('2~1.89~dv.9') // Set {1, 89}
 */
export function additionalConsentProviders(ac: unknown): Set<number> | undefined {
  if (typeof ac !== 'string') return undefined;
  const [version, consented, disclosed] = ac.split('~');
  if ((version !== '1' && version !== '2') || consented === undefined) return undefined;
  if (version === '2' && disclosed !== undefined && !/^dv(\.|$)/.test(disclosed)) return undefined;
  const ids = consented === '' ? [] : consented.split('.');
  if (!ids.every((id) => /^\d+$/.test(id))) return undefined;
  return new Set(ids.map(Number));
}

/** Whether the destination's vendor is consented (or its declared legitimate interest stands). */
export function vendorAllowed(vendor: VendorRef | undefined, signal: TcfSignal): boolean {
  if (!signal.gdprApplies || vendor?.publisher) return true;
  if (!vendor) return false;
  if (vendor.tcf !== undefined) {
    return yes(signal.vendorConsents, vendor.tcf) || (vendor.legitimateInterest === true && yes(signal.vendorLegitimateInterests, vendor.tcf));
  }
  // not on the GVL: the CMP's own custom-vendor record first, then Google's AC string; no signal = refused
  if (vendor.custom !== undefined && signal.customVendors.has(vendor.custom)) return signal.customVendors.get(vendor.custom) === true;
  if (vendor.googleAc !== undefined) return signal.additionalConsent?.has(vendor.googleAc) === true;
  return false;
}

/** Whether each purpose the destination needs is consented, or (declared so) its legitimate interest stands. */
export function purposesAllowed(consent: DestinationConsent, signal: TcfSignal): boolean {
  if (!signal.gdprApplies) return true;
  const li = consent.legitimateInterest ?? [];
  return consent.purposes.every((p) => yes(signal.purposeConsents, p) || (li.includes(p) && yes(signal.purposeLegitimateInterests, p)));
}

/**
 * Whether a destination may run under a TCF answer: its purposes and its vendor. A destination that
 * declares nothing needs `fallbackPurposes` (its category's) and has no vendor signal: refused.
 */
export function destinationAllowed(consent: DestinationConsent | undefined, signal: TcfSignal, fallbackPurposes: readonly number[]): boolean {
  if (!signal.gdprApplies) return true;
  const declared = consent ?? { purposes: [...fallbackPurposes], vendor: {} };
  return purposesAllowed(declared, signal) && vendorAllowed(declared.vendor, signal);
}
