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

/**
 * The variant's default plan, or the plan the flow chooses by the visitor's answer when the variant
 * shows it (a choice of a plan the variant does not sell keeps the variant's default).
 */
export function defaultPlanFor(planNames: readonly string[], variantDefault: string, byAnswer: string | undefined): string {
  return byAnswer !== undefined && planNames.includes(byAnswer) ? byAnswer : variantDefault;
}
