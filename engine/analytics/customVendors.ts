/**
 * Custom-vendor consent as CMPs keep it for vendors that are not on the IAB Global Vendor List (Meta):
 * every CMP has its own API, so the product names, per custom vendor, where its CMP records it
 * (flows/consent.json `cmp.customVendors`): a OneTrust group (`OnetrustActiveGroups`), a Cookiebot
 * category (`Cookiebot.consent`) or a Didomi vendor id (`Didomi.getCurrentUserStatus().vendors[id].enabled`,
 * or the older `Didomi.getUserConsentStatusForVendor(id)`).
 * Read again at every answer of the TCF API, which these CMPs give when the visitor acts.
 */

/** Where the CMP records a custom vendor's consent. */
export type CustomVendorSource =
  /** OneTrust: the id of the cookie group the vendor is in, e.g. "C0004" (targeting). */
  | { oneTrustGroup: string }
  /** Cookiebot: the category the vendor's cookies are in. */
  | { cookiebotCategory: 'preferences' | 'statistics' | 'marketing' }
  /** Didomi: the vendor's id in the Didomi console, e.g. "c:facebook-AbCdEf". */
  | { didomiVendor: string };

interface CmpGlobals {
  OnetrustActiveGroups?: unknown;
  Cookiebot?: { consent?: Record<string, unknown>; hasResponse?: unknown };
  Didomi?: {
    getCurrentUserStatus?: () => { vendors?: Record<string, { enabled?: unknown } | undefined> } | undefined;
    getUserConsentStatusForVendor?: (id: string) => unknown;
  };
}

/**
 * The CMP's answer for one custom vendor: true, false, or undefined when the CMP has none (not loaded,
 * or the visitor has not answered).
 * @example readCustomVendor({ oneTrustGroup: 'C0004' }, { OnetrustActiveGroups: ',C0001,C0004,' }) // true
 */
export function readCustomVendor(source: CustomVendorSource, win: object): boolean | undefined {
  const g = win as CmpGlobals;
  try {
    if ('oneTrustGroup' in source) {
      const groups = g.OnetrustActiveGroups;
      return typeof groups === 'string' ? groups.split(',').includes(source.oneTrustGroup) : undefined;
    }
    if ('cookiebotCategory' in source) {
      const bot = g.Cookiebot;
      if (!bot?.consent || bot.hasResponse === false) return undefined;
      const value = Object.hasOwn(bot.consent, source.cookiebotCategory) ? bot.consent[source.cookiebotCategory] : undefined;
      return typeof value === 'boolean' ? value : undefined;
    }
    const didomi = g.Didomi;
    const vendors = didomi?.getCurrentUserStatus?.()?.vendors;
    if (vendors) {
      const enabled = Object.hasOwn(vendors, source.didomiVendor) ? vendors[source.didomiVendor]?.enabled : undefined;
      return typeof enabled === 'boolean' ? enabled : undefined;
    }
    const status = didomi?.getUserConsentStatusForVendor?.(source.didomiVendor);
    return typeof status === 'boolean' ? status : undefined;
  } catch {
    return undefined; // a CMP API that throws gives no signal
  }
}

/** Every configured custom vendor the CMP has an answer for. */
export function readCustomVendors(sources: Readonly<Record<string, CustomVendorSource>> | undefined, win: object): Map<string, boolean> {
  const answers = new Map<string, boolean>();
  for (const [name, source] of Object.entries(sources ?? {})) {
    const answer = readCustomVendor(source, win);
    if (answer !== undefined) answers.set(name, answer);
  }
  return answers;
}
