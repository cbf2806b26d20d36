import { useTexts } from '../../engine/react/index.ts';
import { moneyBackText } from '../ui/planNames.ts';
import type { LocaleFormat } from '../ui/priceTexts.ts';
import { ShieldIcon } from '../ui/TrustIcons.tsx';

/** The money-back guarantee as a trust mark: a shield with a tick and its sentence, made from the variant's `moneyBackDays`. */
export function MoneyBack({ days, format }: { days: number; format: LocaleFormat }) {
  const { t } = useTexts();
  return (
    <p className="paywall__money-back">
      <ShieldIcon size={20} tint={0.18} />
      {moneyBackText(t, days, format)}
    </p>
  );
}
