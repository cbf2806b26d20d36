import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaywallProps } from '../../engine/types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/types.ts';
import { useFunnel, useStore, useVariant } from '../../engine/react/hooks.ts';
import { initialPlan } from '../../engine/core/pricing.ts';
import { useSubscribedRedirect } from '../../engine/payments/usePurchaseRecord.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { PlanOption } from './PlanOption.tsx';
import { FeatureList } from './FeatureList.tsx';

/**
 * The paywall: everything variant-specific comes from flows/landings.json (which plans, which one is
 * preselected, title, notes, the "50% off" label, the money-back guarantee), prices from
 * flows/plans.json. A choice is stored at once (store.plans is persisted, so it survives a reload);
 * continue confirms it, tracks plan_selected and moves on.
 */
export default function PaywallScreen({ props, next }: ScreenProps<PaywallProps>) {
  const { t, i18n } = useTranslation();
  const { analytics } = useFunnel();
  const { store, snap } = useStore();
  const { id: variantId, variant, plans } = useVariant();
  const group = useId();
  if (useSubscribedRedirect()) return null; // a purchase under way or done: back to it, never sold twice
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const names = plans.map((p) => p.name);
  const selected = initialPlan(names, variant.defaultPlan, snap.plans.plan);
  const texts = variant.paywall;

  const onContinue = (): void => {
    const plan = plans.find((p) => p.name === selected);
    if (!plan) return;
    store.plans.plan = plan.name;
    analytics.track('plan_selected', { plan: plan.name, price: plan.price, landing_type: variantId });
    next();
  };

  return (
    <Screen className="paywall" wide>
      <header className="paywall__header">
        {texts.discountLabel ? <span className="paywall__discount">{t('paywall.discountLabel')}</span> : null}
        <h1 className="fe-title">{t(texts.title)}</h1>
      </header>
      <div className="paywall__columns">
        <section className="paywall__offer">
          <div className="paywall__plans" role="radiogroup" aria-label={t('paywall.plansLabel')}>
            {plans.map((plan) => (
              <PlanOption
                key={plan.name}
                plan={plan}
                group={group}
                checked={plan.name === selected}
                unit={props.perPeriod ?? 'day'}
                language={language}
                onSelect={(name) => (store.plans.plan = name)}
              />
            ))}
          </div>
          {texts.trialNote ? <p className="paywall__trial-note">{t(texts.trialNote)}</p> : null}
          <div className="paywall__actions">
            <Button onClick={onContinue} disabled={!selected}>{t(props.cta)}</Button>
          </div>
          {texts.note ? <p className="paywall__note">{t(texts.note)}</p> : null}
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
