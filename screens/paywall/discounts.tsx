import { useTranslation } from 'react-i18next';
import type { Landings } from '../../engine/index.ts';
import type { Plan, Plans } from '../../engine/index.ts';
import { getVariant, variantIds } from '../../engine/index.ts';
import { formatPercent } from '../../engine/index.ts';
import { discountAgainst, type Discount } from './model.ts';

/** The landing at "/" sells at the regular prices: the reference a discount is measured against. */
const REGULAR_PATH = '/';

/** The plans the regular landing sells. */
function regularPlans(landings: Landings, catalogue: Plans): Plan[] {
  const regular = variantIds(landings)
    .map((id) => getVariant(landings, id)!)
    .find((v) => v.paths.includes(REGULAR_PATH));
  return (regular?.plans ?? []).map((name) => catalogue.plans[name]).filter((p): p is Plan => p !== undefined);
}

/** Each shown plan's discount against the regular plan of the same length, by plan name. */
export function paywallDiscounts(plans: readonly Plan[], landings: Landings, catalogue: Plans): Map<string, Discount> {
  const regular = regularPlans(landings, catalogue);
  const out = new Map<string, Discount>();
  for (const plan of plans) {
    const discount = discountAgainst(plan, regular);
    if (discount) out.set(plan.name, discount);
  }
  return out;
}

/** The headline label: "50% off" when every discount is the same, else "Up to 50% off". */
export function DiscountLabel({ discounts, locale }: { discounts: Discount[]; locale: string }) {
  const { t } = useTranslation();
  const fractions = discounts.map((d) => d.fraction);
  const best = Math.max(...fractions);
  const percent = formatPercent(best, locale);
  return <span className="paywall__discount">{fractions.every((f) => f === best) ? t('pricing.off', { percent }) : t('pricing.upTo', { percent })}</span>;
}
