import { BASE_CURRENCY, catalogueIn, formatPercent, formattingLocale, ownValue, type Plan } from '../../engine/index.ts';
import { EARLY_NEXT_ATTRIBUTE, useEngine, useTexts, useVariant } from '../../engine/react/index.ts';
import { bestDiscount, discountsRecur, planDiscounts } from '../product/discounts.ts';
import type { LandingProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { Button } from '../ui/Button.tsx';
import { Logo } from '../ui/Logo.tsx';
import { Picture } from '../ui/Picture.tsx';

/**
 * The landing: the hero map in its own area (a band on top on phones and tablets, the right column
 * from 1024 px), and beside or under it the logo, the variant's offer badge, title, text and continue.
 * Text never sits on the art, so no crop of the picture can put a pin under a headline. A badge's
 * {{percent}} is the variant's largest saving, computed from its plans' prices (never typed in a text),
 * and its {{count}} the variant's free-trial days. A discount badge's wording follows the plan data:
 * the i18next context `firstPayment` or `everyPayment` (`offerBadge.discount_firstPayment`) says
 * whether the saving holds at renewal.
 */
export default function LandingScreen({ props, next }: ScreenProps<LandingProps>) {
  const { t, language } = useTexts();
  const { data } = useEngine();
  const { variant } = useVariant();
  // the badge's saving from the base (dollar) prices: the landing is prerendered before the visitor's
  // currency is known, and hydrating it must find the same text; docs/marketers.md asks every currency's
  // savings to round to the dollar ones
  const catalogue = catalogueIn(data.plans, BASE_CURRENCY);
  const plans = variant.plans.map((name) => ownValue(catalogue.plans, name)).filter((p): p is Plan => p !== undefined);
  const saving = bestDiscount(plans, data.landings, catalogue);
  const discounts = planDiscounts(plans, data.landings, catalogue);
  const discounted = plans.filter((p) => discounts.has(p.name));
  const trialDays = Math.max(0, ...plans.map((p) => p.trialDays ?? 0));
  const badgeValues = {
    ...(saving === undefined
      ? {}
      : { percent: formatPercent(saving, formattingLocale(language)), context: discountsRecur(discounted) ? 'everyPayment' : 'firstPayment' }),
    ...(trialDays > 0 ? { count: trialDays } : {}),
  };
  // a badge the variant's plans cannot fill (a trial badge without a trial plan: no count) is left out, never shown as its key
  const badge = props.badge && t(props.badge, badgeValues) !== props.badge ? t(props.badge, badgeValues) : '';
  return (
    <div className="landing">
      <div className="landing__art">
        <Picture name={props.background} alt="" className="landing__background" priority />
      </div>
      <div className="landing__panel">
        <Logo name={t('a11y.appName')} tone="light" size={36} className="landing__logo" />
        <div className="landing__content">
          {badge ? <p className="landing__badge">{badge}</p> : null}
          <h1 className="landing__title">{t(props.title)}</h1>
          <p className="landing__text">{t(props.text)}</p>
          {/* marked as going to the default next step: a tap before the app runs shows that step at once */}
          <Button onClick={() => next()} {...{ [EARLY_NEXT_ATTRIBUTE]: '' }}>
            {t(props.cta)}
          </Button>
        </div>
      </div>
    </div>
  );
}
