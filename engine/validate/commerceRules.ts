/**
 * What the product tells the validator about its commerce wording: which texts speak of plans,
 * prices and payments, which variant field presents the plans as a discount, and which plan tags
 * promise a saving. The engine names none of them; the product's configuration does
 * (funnel.config.ts `commerce`).
 */

export interface CommerceRules {
  /** Top-level (or dotted) namespaces of the locale files whose texts speak of plans, prices and payments. */
  texts: readonly string[];
  /** JSON pointers into a landing variant: when the value there is `true`, the variant presents its plans as a discount. */
  discountFlags: readonly string[];
  /** Plan tags of a variant's paywall (`paywall.tags` values) that promise a saving over the variant's other plans. */
  savingTags: readonly string[];
}

/** No commerce rules: nothing is read as a commerce text, no variant as a discount, no tag as a saving. */
export const NO_COMMERCE_RULES: CommerceRules = { texts: [], discountFlags: [], savingTags: [] };

/** True when a dotted key belongs to the commerce texts. @example isCommerceKey('paywall.moneyBack_other', ['paywall']) // true */
export function isCommerceKey(key: string, namespaces: readonly string[]): boolean {
  return namespaces.some((ns) => key === ns || key.startsWith(`${ns}.`));
}
