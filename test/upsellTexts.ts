/**
 * The upsell's words as the English visitor reads them, derived from flows/plans.json and
 * locales/en.json (a new price or cadence in the data never turns a test red).
 */
import { funnelData } from '../screens/flowData.ts';
import en from '../locales/en.json';

const product = funnelData.plans.upsell;
const { count, unit } = product.duration;
const price = `$${product.price.toFixed(2)}`;
const every = (): string =>
  en.pricing.billing.replace('{{price}}', price).replace('{{cadence}}', en.pricing.every[`${unit}_other`].replace('{{count}}', String(count)));

/** "$9.99/month" (or "$19.99 every 3 months"): the add-on's price and how often it bills. */
export const UPSELL_BILLING = count === 1 ? en.pricing.slash[unit].replace('{{price}}', price) : every();
/** The add button: "Add for $9.99/month". */
export const UPSELL_ADD = en.upsell.cta.replace('{{billing}}', UPSELL_BILLING);
/** The decline button. */
export const UPSELL_DECLINE = en.upsell.close;
