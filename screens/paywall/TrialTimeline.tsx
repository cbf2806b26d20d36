import { useTexts } from '../../engine/react/index.ts';
import { planPricing, type Plan } from '../../engine/index.ts';
import { renewalBillingText, type LocaleFormat } from '../ui/priceTexts.ts';
import { trialMilestones } from './trialTimeline.ts';

/**
 * How the free trial runs, as a vertical timeline: today (due now), the reminder the day before it
 * ends, the first charge. Days, dates and amounts come from the plan (trialTimeline.ts).
 */
export function TrialTimeline({ plan, format, now }: { plan: Plan; format: LocaleFormat; now: Date }) {
  const { t } = useTexts();
  const milestones = trialMilestones(plan, now);
  if (milestones.length === 0) return null;
  const pricing = planPricing(plan);
  const texts = {
    today: t('paywall.timeline.todayText', { price: format.money(pricing.dueToday) }),
    reminder: t('paywall.timeline.reminderText'),
    billing: t('paywall.timeline.billingText', { billing: renewalBillingText(t, plan, format) }),
  };
  return (
    <section className="paywall-timeline" aria-labelledby="paywall-timeline-title">
      <h2 className="paywall-timeline__title" id="paywall-timeline-title">
        {t('paywall.timeline.title', { count: pricing.trialDays })}
      </h2>
      <ol className="paywall-timeline__list">
        {milestones.map((m) => (
          <li key={m.kind} className={`paywall-timeline__item paywall-timeline__item--${m.kind}`} data-milestone={m.kind}>
            <span className="paywall-timeline__dot" aria-hidden="true" />
            <p className="paywall-timeline__when">
              <span className="paywall-timeline__day">{m.kind === 'today' ? t('paywall.timeline.today') : t('paywall.timeline.day', { day: m.day })}</span>
              {m.kind === 'today' ? null : <span className="paywall-timeline__date">{format.date(m.date)}</span>}
            </p>
            <p className="paywall-timeline__text">{texts[m.kind]}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
