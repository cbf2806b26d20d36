import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaywallProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/index.ts';
import { useEngine } from '../../engine/react/index.ts';
import { useFunnel, useStore, useVariant } from '../../engine/react/index.ts';
import { initialPlan } from './model.ts';
import { useSubscribedRedirect } from '../../engine/payments/index.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { discountText, renewalTermsText, useLocale } from '../ui/priceTexts.ts';
import { PlanOption } from './PlanOption.tsx';
import { FeatureList } from './FeatureList.tsx';
import { DiscountLabel } from './discounts.tsx';
import { planDiscounts } from '../product/discounts.ts';
import { CURRENCY, specProduct } from '../../engine/index.ts';

/**
 * The paywall: everything variant-specific comes from flows/landings.json (which plans, which one is
 * preselected, title, notes, the discount label, the money-back guarantee), prices from
 * flows/plans.json. A choice is stored at once (store.plans is persisted, so it survives a reload);
 * continue confirms it, tracks Product Added and moves on. The renewal terms of the selected plan sit
 * under the button that commits to it.
 */
export default function PaywallScreen({ props, next }: ScreenProps<PaywallProps>) {
  const { t } = useTranslation();
  const { analytics } = useFunnel();
  const { store, snap } = useStore();
  const { data } = useEngine();
  const { id: variantId, variant, plans } = useVariant();
  const group = useId();
  const format = useLocale();
  const [now] = useState(() => new Date());
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
  const names = plans.map((p) => p.name);
  const selected = initialPlan(names, variant.defaultPlan, snap.plans.plan);
  const selectedPlan = plans.find((p) => p.name === selected);
  const texts = variant.paywall;
  const discounts = texts.discountLabel ? planDiscounts(plans, data.landings, data.plans) : new Map();
  const single = plans.length === 1;
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
      currency: CURRENCY,
      plan: selectedPlan.name,
      landing_type: variantId,
    });
    next();
  };

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
      onSelect={(name) => (store.plans.plan = name)}
    />
  ));

  return (
    <Screen className="paywall" wide>
      <header className="paywall__header">
        {discounts.size > 0 ? <DiscountLabel discounts={[...discounts.values()]} locale={format.locale} /> : null}
        <h1 className="fe-title">{t(texts.title)}</h1>
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
          {texts.trialNote ? <p className="paywall__trial-note">{t(texts.trialNote)}</p> : null}
          {discountTerms ? <p className="paywall__discount-terms">{discountTerms}</p> : null}
          <div className="paywall__actions">
            <Button onClick={onContinue} disabled={!selectedPlan} aria-describedby={`${group}-terms`}>
              {selectedPlan?.trialDays ? t('pricing.startTrial') : t(props.cta)}
            </Button>
          </div>
          {terms ? (
            <p className="paywall__terms" id={`${group}-terms`}>
              {terms}
            </p>
          ) : null}
          {note && !terms.includes(note) ? <p className="paywall__note">{note}</p> : null}
          {texts.moneyBack ? (
            <p className="paywall__money-back">
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5l8-3z" fill="currentColor" opacity="0.18" />
                <path d="M8 12l3 3 5-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {t('paywall.moneyBack')}
            </p>
          ) : null}
        </section>
        <FeatureList title={t('paywall.featuresTitle')} features={props.features.map((key) => t(key))} />
      </div>
    </Screen>
  );
}
