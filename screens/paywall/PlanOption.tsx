import { useTexts } from '../../engine/react/index.ts';
import type { Plan, PlanTag } from '../../engine/index.ts';
import { durationDays, formatMoney, formatPercent, planPricing, type PerPeriodUnit } from '../../engine/index.ts';
import type { Discount } from '../product/discounts.ts';
import { planNameText } from '../ui/planNames.ts';
import { planPriceText, type LocaleFormat } from '../ui/priceTexts.ts';

export interface PlanOptionProps {
  plan: Plan;
  group: string;
  checked: boolean;
  /** The only plan of its paywall: a plain card, nothing to choose. */
  single?: boolean;
  unit: PerPeriodUnit;
  format: LocaleFormat;
  /** The saving against the regular price of the same length, shown struck through. */
  discount?: Discount;
  /** The trial's start, for the date the first payment is due. */
  now: Date;
  /** "Most popular" or "Best value", from the variant's paywall.tags. */
  tag?: PlanTag;
  /** The per-day saving against the dearest plan beside it (./savings.ts), e.g. 0.5. */
  saving?: number;
  onSelect: (name: string) => void;
}

/** An amount kept left-to-right inside right-to-left text. */
function Price({ amount, format, className }: { amount: number; format: LocaleFormat; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {formatMoney(amount, format.locale, format.currency)}
    </bdi>
  );
}

/**
 * One plan as a radio card (or a plain card when it is the only one): its name, its price story
 * (screens/ui/priceTexts.ts), the struck-through regular price of a discount, and the price per day or
 * week. A free trial or an intro period of its own length shows what is due today instead: a per-day
 * price of a teaser would say nothing about what the plan costs.
 */
export function PlanOption({ plan, group, checked, single = false, unit, format, discount, now, tag, saving, onSelect }: PlanOptionProps) {
  const { t } = useTexts();
  const pricing = planPricing(plan, unit);
  const trial = pricing.kind === 'trial';
  // a trial or an intro period of its own length ("the first 3 days") shows today's price, not a per-day one
  const dueToday = trial || durationDays(pricing.firstPeriod) !== durationDays(pricing.renewalPeriod);
  const id = `${group}-${plan.name}`;
  const body = (
    <>
      {tag ? (
        <span className={`paywall-plan__tag paywall-plan__tag--${tag}`} id={`${id}-tag`}>
          {t(`paywall.tag.${tag}`)}
        </span>
      ) : null}
      <span className="paywall-plan__main">
        <span className="paywall-plan__name">{planNameText(t, plan, format)}</span>
        {saving !== undefined && !discount ? (
          <span className="paywall-plan__badge paywall-plan__badge--saving">{t('paywall.save', { percent: formatPercent(saving, format.locale) })}</span>
        ) : null}
        {trial ? <span className="paywall-plan__badge paywall-plan__badge--trial">{t('pricing.freeTrial', { count: pricing.trialDays })}</span> : null}
        {pricing.kind === 'intro' && !discount ? <span className="paywall-plan__badge">{t('pricing.introBadge')}</span> : null}
        {discount ? <span className="paywall-plan__badge">{t('pricing.off', { percent: formatPercent(discount.fraction, format.locale) })}</span> : null}
        {discount ? (
          <del className="paywall-plan__was" id={`${id}-was`}>
            <span className="fe-visually-hidden">{t('pricing.regularPrice')}:</span> <Price amount={discount.original} format={format} />
          </del>
        ) : null}
        {discount ? (
          <span className="fe-visually-hidden" id={`${id}-now`}>
            {t('pricing.discountedPrice')}:
          </span>
        ) : null}
        <span className="paywall-plan__total" id={`${id}-price`}>
          {planPriceText(t, plan, format, now)}
        </span>
      </span>
      <span className="paywall-plan__per">
        <Price className="paywall-plan__per-price" amount={dueToday ? pricing.dueToday : pricing.perPeriod} format={format} />
        <span className="paywall-plan__per-unit">{dueToday ? t('pricing.today') : t(unit === 'week' ? 'paywall.perWeek' : 'paywall.perDay')}</span>
      </span>
    </>
  );
  if (single) {
    return (
      <div className="paywall-plan paywall-plan--single" data-plan={plan.name}>
        {body}
      </div>
    );
  }
  return (
    <label className={`paywall-plan fe-focus-ring ${checked ? 'paywall-plan--checked' : ''}`.trim()} htmlFor={id} data-plan={plan.name}>
      <input
        id={id}
        className="paywall-plan__input"
        type="radio"
        name={group}
        value={plan.name}
        checked={checked}
        aria-describedby={[tag ? `${id}-tag` : '', discount ? `${id}-was ${id}-now` : '', `${id}-price`].filter(Boolean).join(' ')}
        onChange={() => onSelect(plan.name)}
      />
      <span className="paywall-plan__radio" aria-hidden="true" />
      {body}
    </label>
  );
}
