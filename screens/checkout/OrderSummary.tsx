import { memo, useId } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import { formatPercent, planPricing } from '../../engine/index.ts';
import type { Plan } from '../../engine/index.ts';
import type { Discount } from '../product/discounts.ts';
import { planNameText } from '../ui/planNames.ts';
import { discountText, planPriceText, type LocaleFormat } from '../ui/priceTexts.ts';

export interface OrderSummaryProps {
  plan: Plan;
  format: LocaleFormat;
  /** The plan's saving on a variant with the discount label, as its paywall showed it. */
  discount?: Discount;
  /** When the terms start, for the date a trial ends. */
  now: Date;
}

/**
 * The chosen plan, what it costs today and its price story (screens/ui/priceTexts.ts). A discounted
 * plan carries its own percentage and its regular price struck through, the same figures the paywall
 * showed (screens/product/discounts.ts), and says whether the discount holds at renewal.
 */
export const OrderSummary = memo(function OrderSummary({ plan, format, discount, now }: OrderSummaryProps) {
  const { t } = useTexts();
  const id = useId();
  const pricing = planPricing(plan);
  return (
    <section className="checkout-summary" aria-labelledby={`${id}-title`}>
      <h2 className="checkout__heading" id={`${id}-title`}>
        {t('checkout.summary.title')}
      </h2>
      <div className="checkout-summary__row">
        <span className="checkout-summary__plan">{planNameText(t, plan, format)}</span>
        {discount ? <span className="checkout-summary__badge">{t('pricing.off', { percent: formatPercent(discount.fraction, format.locale) })}</span> : null}
      </div>
      <div className="checkout-summary__row checkout-summary__total">
        <span>{t('checkout.summary.totalToday')}</span>
        <span>
          {discount && pricing.dueToday > 0 ? (
            <s className="checkout-summary__was" data-testid="checkout-was">
              <span className="fe-visually-hidden">{t('checkout.summary.was')} </span>
              {format.money(discount.original)}
            </s>
          ) : null}
          <strong data-testid="checkout-total">{format.money(pricing.dueToday)}</strong>
        </span>
      </div>
      <p className="checkout-summary__note">{planPriceText(t, plan, format, now)}</p>
      {discount ? <p className="checkout-summary__note">{discountText(t, plan, discount, format)}</p> : null}
    </section>
  );
});
