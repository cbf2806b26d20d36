import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { OfferProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { type ScreenPrefetch, useEngine, useTexts } from '../../engine/react/index.ts';
import { useCatalogue, useVariant } from '../../engine/react/index.ts';
import { useFunnel } from '../product/hooks.ts';
import { formatRemaining, reservationStart, startedReservation } from './countdown.ts';
import { offerPlan } from './model.ts';
import { periodEnd, planPricing } from '../../engine/index.ts';
import { useSubscribedRedirect } from '../../engine/payments/index.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { durationText, prepareLocaleFormat, renewalBillingText, renewalTermsText, useLocale } from '../ui/priceTexts.ts';
import { useReservation } from './useReservation.ts';

/** Its prices and dates are formatted in the visitor's locale: the formats are built while the step before is read. */
export const prefetch: ScreenPrefetch<OfferProps> = () => prepareLocaleFormat();

/** It may render out of sight while the signup before it is under way: its reservation starts when it is shown. */
export const preparable = true;

/**
 * The trial offer for the default plan of the variant that opens this flow (model.ts),
 * with the reservation countdown. The
 * reservation starts on the first visit and is kept in the persisted family state, so a reload
 * continues it. When it runs out the offer stays available at the same price, marked as expired.
 * Continue selects the plan and moves on (to checkout, per the flow); the renewal terms sit under it.
 */
export default function OfferScreen({ props, next, step }: ScreenProps<OfferProps>) {
  if (useSubscribedRedirect()) return null; // a purchase under way or done: back to it, never sold twice
  return <Offer props={props} next={next} step={step} />;
}

/**
 * The offer itself, apart from the redirect above: that one reads the address and the account, which
 * the signup's answer and the move change. Prepared out of sight during the signup (`preparable`),
 * the offer is then shown as it was rendered.
 */
const Offer = memo(function Offer({ props, next }: ScreenProps<OfferProps>) {
  const { t } = useTexts();
  // the store without a snapshot: nothing the offer shows is read from it (a snapshot read of nothing re-renders on every change)
  const { store, analytics, step } = useFunnel();
  const { data } = useEngine();
  const { id: variantId } = useVariant();
  const { catalogue } = useCatalogue();
  const done = useRef(false);
  const format = useLocale();
  const [now] = useState(() => new Date());

  // the reservation starts when the offer is first shown: its layout effect stores the start, in the
  // commit that shows the timer (a reload continues the stored one). A render before that (the step
  // prepared out of sight while the signup was under way) shows the whole reservation. The timer reads
  // the start from the store at each tick, so storing it renders nothing again.
  const startedAt = startedReservation(store.family.offerStartedAt);
  useLayoutEffect(() => {
    const start = reservationStart(store.family.offerStartedAt);
    if (store.family.offerStartedAt !== start) store.family.offerStartedAt = start;
  }, [store]);
  const reservation = useReservation(startedAt, props.reservationMinutes);

  const plan = offerPlan(data.landings, catalogue, variantId, step.flowId);
  const pricing = plan ? planPricing(plan) : undefined;
  const billing = plan ? renewalBillingText(t, plan, format) : '';
  const trial = pricing?.kind === 'trial';

  const accept = (): void => {
    if (done.current || !plan) return;
    done.current = true;
    store.plans.plan = plan.name;
    analytics.track('trial_offer_accepted', { plan: plan.name, reservation_expired: reservation.expired });
    next();
  };

  return (
    <Screen className="offer">
      {reservation.expired ? (
        <div className="offer__timer offer__timer--expired" role="status">
          <strong className="offer__timer-title">{t('family.offer.expiredTitle')}</strong>
          <span className="offer__timer-text">{t('family.offer.expiredText')}</span>
        </div>
      ) : (
        <div className="offer__timer">
          <span className="offer__timer-text">{t('family.offer.reservedFor')}</span>
          <span className="offer__clock" role="timer" aria-label={t('family.offer.timeLeft', { time: formatRemaining(reservation.remainingMs) })}>
            {formatRemaining(reservation.remainingMs)}
          </span>
        </div>
      )}
      {/* {{duration}} in the text is the free (or intro) period the plan data gives */}
      <TitleBlock title={t(props.title)} text={t(props.text, pricing ? { duration: durationText(t, pricing.firstPeriod) } : undefined)} />
      {plan && pricing ? (
        <section className="offer__card" aria-label={t('family.offer.termsLabel')}>
          {trial ? <p className="offer__badge">{t('pricing.freeTrial', { count: pricing.trialDays })}</p> : null}
          <dl className="offer__terms">
            <div className="offer__row">
              <dt>{t('family.offer.dueToday')}</dt>
              <dd className="offer__today">
                <bdi dir="ltr">{format.money(pricing.dueToday)}</bdi>
              </dd>
            </div>
            <div className="offer__row">
              <dt>{trial ? t('family.offer.afterTrial') : t('family.offer.thereafter')}</dt>
              <dd>
                {billing}
                {trial ? <span className="offer__from">{t('pricing.fromDate', { date: format.date(periodEnd(now, pricing.firstPeriod)) })}</span> : null}
              </dd>
            </div>
          </dl>
          {props.features?.length ? (
            <ul className="offer__features">
              {props.features.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      <div className="offer__actions">
        <Button onClick={accept} disabled={!plan} aria-describedby="offer-terms">
          {t(props.cta)}
        </Button>
        {plan ? (
          <p className="offer__note" id="offer-terms">
            {renewalTermsText(t, plan, format, now)}
          </p>
        ) : null}
      </div>
    </Screen>
  );
});
