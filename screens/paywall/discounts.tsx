import { useTexts } from '../../engine/react/index.ts';
import { formatPercent } from '../../engine/index.ts';
import type { Discount } from '../product/discounts.ts';

/** The headline label: "50% off" when every discount is the same, else "Up to 50% off". */
export function DiscountLabel({ discounts, locale }: { discounts: Discount[]; locale: string }) {
  const { t } = useTexts();
  const fractions = discounts.map((d) => d.fraction);
  const best = Math.max(...fractions);
  const percent = formatPercent(best, locale);
  return <span className="paywall__discount">{fractions.every((f) => f === best) ? t('pricing.off', { percent }) : t('pricing.upTo', { percent })}</span>;
}
