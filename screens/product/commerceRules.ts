/**
 * The product's commerce wording, for the validator (funnel.config.ts `commerce`,
 * engine/validate/commerceRules.ts): the locale namespaces that speak of plans, prices and payments
 * (no period or amount typed or spelled out in them), the variant field that presents the plans as a
 * discount, and the plan tags that promise a saving.
 */
import type { CommerceRules } from '../../engine/validate/index.ts';

export const commerceRules: CommerceRules = {
  texts: ['plans', 'paywall', 'pricing', 'checkout', 'payments', 'success', 'upsell', 'offerBadge', 'family.offer'],
  // the paywall's "50% off" label (schemas/landings.schema.json)
  discountFlags: ['/paywall/discountLabel'],
  savingTags: ['bestValue'],
};
