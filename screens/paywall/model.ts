/**
 * The paywall's plan rules (no React): which plan it selects first. Discounts are the product's
 * (screens/product/discounts.ts), shared with the checkout and the sandbox portal.
 */

/**
 * The plan the paywall selects: the visitor's earlier choice when it is one of this variant's plans,
 * else the variant's default, else its first plan.
 */
export function initialPlan(planNames: readonly string[], defaultPlan: string, chosen: string): string {
  if (chosen && planNames.includes(chosen)) return chosen;
  if (planNames.includes(defaultPlan)) return defaultPlan;
  return planNames[0] ?? '';
}
