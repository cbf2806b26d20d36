import { useTranslation } from 'react-i18next';

/** The money-back guarantee as a trust mark: a shield with a tick and its sentence. */
export function MoneyBack() {
  const { t } = useTranslation();
  return (
    <p className="paywall__money-back">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5l8-3z" fill="currentColor" opacity="0.18" />
        <path d="M8 12l3 3 5-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t('paywall.moneyBack')}
    </p>
  );
}
