import { useEffect, useId, useState } from 'react';
import type { PaywallProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { type ScreenPrefetch, useEngine, useTexts } from '../../engine/react/index.ts';
import { useCatalogue, useVariant } from '../../engine/react/index.ts';
import { useFunnel, useStore } from '../product/hooks.ts';
import { defaultPlanFor, initialPlan } from './model.ts';
import { TrialTimeline } from './TrialTimeline.tsx';
import { AnswerSummary } from '../ui/AnswerSummary.tsx';
import { useAnswers } from '../quiz/useAnswers.ts';
import { useSubscribedRedirect } from '../../engine/payments/index.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { useHeightOnRoot } from '../ui/useHeightOnRoot.ts';
import { discountText, prepareLocaleFormat, renewalTermsText, useLocale } from '../ui/priceTexts.ts';
import { PlanOption } from './PlanOption.tsx';
import { FeatureList } from './FeatureList.tsx';
import { DiscountLabel } from './discounts.tsx';
import { headlineKey } from './headline.ts';
import { planSavings } from './savings.ts';
import { RatingSummary, ReviewList } from './Reviews.tsx';
import { MoneyBack } from './MoneyBack.tsx';
import { durationText } from '../ui/priceTexts.ts';
import { planDiscounts } from '../product/discounts.ts';
import { chooseByAnswer, ownValue, planPricing, specProduct } from '../../engine/index.ts';

/** Its prices and dates are formatted in the visitor's locale: the formats are built while the step before is read. */
export const prefetch: ScreenPrefetch<PaywallProps> = () => prepareLocaleFormat();

/** Its render changes nothing, so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * The paywall: everything variant-specific comes from flows/landings.json (which plans, which one is
 * preselected, title, notes, the discount label, the money-back guarantee), prices from
 * flows/plans.json. A choice is stored at once (store.plans is persisted, so it survives a reload);
 * continue confirms it, tracks Product Added and moves on. The headline follows the visitor's quiz
 * answer (props.headline) and so may the preselected plan (props.defaultPlanByAnswer); a summary of
 * the answers and a free trial's timeline are blocks the step may ask for. The cards carry the variant's tags and the savings computed from the
 * catalogue, the rating and reviews are the step's props. The renewal terms and the guarantee sit
 * before the button that commits; on phones that button and the selected price stay in a bar fixed
 * to the bottom of the screen (paywall.css).
 */
export default function PaywallScreen({ props, next }: ScreenProps<PaywallProps>) {
  const { t } = useTexts();
  const { analytics } = useFunnel();
  const { store, snap } = useStore();
  const { data } = useEngine();
  const { id: variantId, variant, plans, currency } = useVariant();
  const { catalogue } = useCatalogue();
  const group = useId();
  const format = useLocale();
  // the bar's height, for the page's room under its last line and its scroll-padding on phones (paywall.css)
  const actionBar = useHeightOnRoot('--fe-paywall-bar-room');
  const [now] = useState(() => new Date());
  const names = plans.map((p) => p.name);
  // read once from the store itself, not the snapshot: storing the preselected plan on Continue then
  // re-renders nothing in the tap that leaves the step (the snapshot never read it)
  const { answerOf, labelOf } = useAnswers();
  const [selected, setSelected] = useState(() =>
    initialPlan(names, defaultPlanFor(names, variant.defaultPlan, chooseByAnswer(props.defaultPlanByAnswer, answerOf)), store.plans.plan),
  );
  useEffect(() => {
    analytics.track('Product List Viewed', {
      list_id: variantId,
      category: 'plans',
      products: plans.map((p, k) => specProduct(p.name, p.price, k + 1)),
      plans: plans.map((p) => p.name),
      default_plan: variant.defaultPlan,
      landing_type: variantId,
    });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per visit of the paywall
  if (useSubscribedRedirect()) return null; // a purchase under way or done: back to it, never sold twice
  const selectedPlan = plans.find((p) => p.name === selected);
  const texts = variant.paywall;
  const discounts = texts.discountLabel ? planDiscounts(plans, data.landings, catalogue) : new Map();
  const single = plans.length === 1;
  const savings = planSavings(plans);
  const headline = headlineKey(props.headline, snap);
  const terms = selectedPlan ? renewalTermsText(t, selectedPlan, format, now) : '';
  // whether the selected plan's discount holds at renewal, as its data says (never a promise typed in a note)
  const selectedDiscount = selectedPlan ? discounts.get(selectedPlan.name) : undefined;
  const discountTerms = selectedPlan && selectedDiscount ? discountText(t, selectedPlan, selectedDiscount, format) : '';
  // a variant note the renewal terms already say ("cancel anytime…") is not said twice
  const note = texts.note ? t(texts.note) : '';

  const onContinue = (): void => {
    if (!selectedPlan) return;
    store.plans.plan = selectedPlan.name;
    analytics.track('Product Added', {
      ...specProduct(selectedPlan.name, selectedPlan.price),
      currency,
      plan: selectedPlan.name,
      landing_type: variantId,
    });
    next();
  };

  // the summary of the answers, when the visitor gave at least one of the answers it lists
  const summary = props.summary?.items.some((item) => labelOf(item.question) !== undefined) ? props.summary : undefined;
  const features = <FeatureList title={t('paywall.featuresTitle')} features={props.features.map((key) => t(key))} />;
  const options = plans.map((plan) => (
    <PlanOption
      key={plan.name}
      plan={plan}
      group={group}
      checked={plan.name === selected}
      single={single}
      unit={props.perPeriod ?? 'day'}
      format={format}
      discount={discounts.get(plan.name)}
      now={now}
      tag={ownValue(texts.tags, plan.name)}
      saving={savings.get(plan.name)}
      onSelect={(name) => {
        setSelected(name);
        store.plans.plan = name;
      }}
    />
  ));

  return (
    <Screen className="paywall" wide>
      <header className="paywall__header">
        {discounts.size > 0 ? <DiscountLabel discounts={[...discounts.values()]} locale={format.locale} /> : null}
        <h1 className="fe-title">{t(headline ?? texts.title)}</h1>
        {headline ? <p className="paywall__subtitle">{t(texts.title)}</p> : null}
        {props.reviews ? <RatingSummary reviews={props.reviews} locale={format.locale} /> : null}
      </header>
      <div className="paywall__columns">
        <section className="paywall__offer">
          {single ? (
            <div className="paywall__plans">{options}</div>
          ) : (
            <div className="paywall__plans" role="radiogroup" aria-label={t('paywall.plansLabel')}>
              {options}
            </div>
          )}
          {props.trialTimeline && selectedPlan ? <TrialTimeline plan={selectedPlan} format={format} now={now} /> : null}
          {texts.trialNote ? <p className="paywall__trial-note">{t(texts.trialNote)}</p> : null}
          {discountTerms ? <p className="paywall__discount-terms">{discountTerms}</p> : null}
          {texts.moneyBackDays ? <MoneyBack days={texts.moneyBackDays} format={format} /> : null}
          {terms ? (
            <p className="paywall__terms" id={`${group}-terms`}>
              {terms}
            </p>
          ) : null}
          {note && !terms.includes(note) ? <p className="paywall__note">{note}</p> : null}
          {/* a bar fixed to the bottom on phones: the selected plan's price beside the one call to action */}
          <div className="paywall__actions" data-testid="paywall-action-bar" ref={actionBar}>
            {selectedPlan ? (
              <p className="paywall__selected">
                <bdi dir="ltr" className="paywall__selected-price">
                  {format.money(planPricing(selectedPlan).dueToday)}
                </bdi>{' '}
                <span className="paywall__selected-for">{selectedPlan.trialDays ? t('pricing.today') : durationText(t, selectedPlan.duration)}</span>
              </p>
            ) : null}
            <Button onClick={onContinue} disabled={!selectedPlan} aria-describedby={`${group}-terms`}>
              {selectedPlan?.trialDays ? t('pricing.startTrial') : t(props.cta)}
            </Button>
          </div>
        </section>
        {summary ? (
          <div className="paywall__aside">
            <section className="paywall-summary" aria-labelledby={`${group}-summary`}>
              <h2 className="paywall-summary__title" id={`${group}-summary`}>
                {t(summary.title)}
              </h2>
              <AnswerSummary items={summary.items} labelOf={labelOf} />
            </section>
            {features}
          </div>
        ) : (
          features
        )}
      </div>
      {props.reviews ? <ReviewList reviews={props.reviews} locale={format.locale} /> : null}
    </Screen>
  );
}
