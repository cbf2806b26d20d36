import { useTranslation } from 'react-i18next';
import type { Plan } from '../../engine/types/plans.gen.ts';
import { formatPricing, planPricing, type PerPeriodUnit } from '../../engine/core/pricing.ts';

export interface PlanOptionProps {
  plan: Plan;
  group: string;
  checked: boolean;
  unit: PerPeriodUnit;
  language: string;
  onSelect: (name: string) => void;
}

/**
 * One plan as a radio card: its name, what it costs for how long (or what today costs and what
 * follows a free trial), and the price per day or week, all computed by engine/core/pricing.ts.
 */
export function PlanOption({ plan, group, checked, unit, language, onSelect }: PlanOptionProps) {
  const { t } = useTranslation();
  const pricing = planPricing(plan, unit);
  const text = formatPricing(pricing, plan.duration, language);
  const id = `${group}-${plan.name}`;
  return (
    <label className={`paywall-plan ${checked ? 'paywall-plan--checked' : ''}`.trim()} htmlFor={id} data-plan={plan.name}>
      <input
        id={id}
        className="paywall-plan__input"
        type="radio"
        name={group}
        value={plan.name}
        checked={checked}
        aria-describedby={`${id}-price`}
        onChange={() => onSelect(plan.name)}
      />
      <span className="paywall-plan__radio" aria-hidden="true" />
      <span className="paywall-plan__main">
        <span className="paywall-plan__name">{t(plan.description)}</span>
        {pricing.trialDays > 0 ? <span className="paywall-plan__trial">{t('paywall.freeTrial', { days: pricing.trialDays })}</span> : null}
        <span className="paywall-plan__total" id={`${id}-price`}>
          {pricing.trialDays > 0
            ? `${t('paywall.dueToday', { price: text.dueToday })} · ${t('paywall.afterTrial', { price: text.renewal, duration: text.duration })}`
            : t('paywall.priceFor', { price: text.price, duration: text.duration })}
        </span>
      </span>
      <span className="paywall-plan__per">
        <span className="paywall-plan__per-price">{text.perPeriod}</span>
        <span className="paywall-plan__per-unit">{t(unit === 'week' ? 'paywall.perWeek' : 'paywall.perDay')}</span>
      </span>
    </label>
  );
}
