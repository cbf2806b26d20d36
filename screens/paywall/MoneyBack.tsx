import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../ui/TrustIcons.tsx';

/** The money-back guarantee as a trust mark: a shield with a tick and its sentence. */
export function MoneyBack() {
  const { t } = useTranslation();
  return (
    <p className="paywall__money-back">
      <ShieldIcon size={20} tint={0.18} />
      {t('paywall.moneyBack')}
    </p>
  );
}
