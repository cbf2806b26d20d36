/**
 * Which plan an offer step sells (no React): the default plan of the visitor's variant when that
 * variant opens the offer's flow, else the default plan of the first variant that does, so a visitor
 * who reached a family step without its landing (an old bookmark, a shared link) still sees the
 * family offer rather than another funnel's plan.
 */
import type { Landings } from '../../engine/index.ts';
import type { Plan, Plans } from '../../engine/index.ts';
import { getVariant, variantIds } from '../../engine/index.ts';
import { ownValue } from '../../engine/index.ts';

/**
 * @example offerPlan(landings, plans, 'family', 'family')?.name // 'gz-monthly-free3d-2999'
 * @example offerPlan(landings, plans, 'fullPrice', 'family')?.name // also the family plan
 */
export function offerPlan(landings: Landings, plans: Plans, landingType: string, flowId: string): Plan | undefined {
  const recorded = getVariant(landings, landingType);
  const variant =
    recorded?.flow === flowId
      ? recorded
      : variantIds(landings)
          .map((id) => getVariant(landings, id)!)
          .find((v) => v.flow === flowId);
  if (!variant) return undefined;
  return ownValue(plans.plans, variant.defaultPlan) ?? variant.plans.map((name) => ownValue(plans.plans, name)).find((p) => p !== undefined);
}
