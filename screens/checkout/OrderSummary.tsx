import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPricing, formatUsd, planPricing, roundCents } from '../../engine/index.ts';
import type { Plan } from '../../engine/index.ts';

/**
 * The chosen plan, what it costs today and how it renews (prices from engine/core/pricing.ts). On a
 * "50% off" variant the regular price (twice today's, as the portal charges it) is struck through.
 */
export function OrderSummary({ plan, language, discountLabel }: { plan: Plan; language: string; discountLabel: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const pricing = planPricing(plan);
  const text = formatPricing(pricing, plan.duration, language);
  return (
    <section className="checkout-summary" aria-labelledby={`${id}-title`}>
      <h2 className="checkout__heading" id={`${id}-title`}>
        {t('checkout.summary.title')}
      </h2>
      <div className="checkout-summary__row">
        <span className="checkout-summary__plan">{t(plan.description)}</span>
        {discountLabel ? <span className="checkout-summary__badge">{t('paywall.discountLabel')}</span> : null}
      </div>
      <div className="checkout-summary__row checkout-summary__total">
        <span>{t('checkout.summary.totalToday')}</span>
        <span>
          {discountLabel && pricing.dueToday > 0 ? (
            <s className="checkout-summary__was" data-testid="checkout-was">
              <span className="fe-visually-hidden">{t('checkout.summary.was')} </span>
              {formatUsd(roundCents(pricing.dueToday * 2), language)}
            </s>
          ) : null}
          <strong data-testid="checkout-total">{text.dueToday}</strong>
        </span>
      </div>
      <p className="checkout-summary__note">
        {pricing.trialDays > 0
          ? t('checkout.summary.trial', { count: pricing.trialDays, price: text.renewal, duration: text.duration })
          : t('checkout.summary.renews', { price: text.renewal, duration: text.duration })}
      </p>
    </section>
  );
}
