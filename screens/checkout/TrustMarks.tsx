import { useTranslation } from 'react-i18next';

/** The marks under Pay: a lock for the secure payment and, when the variant offers it, the money-back shield. */
export function TrustMarks({ guarantee }: { guarantee: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="checkout-trust" data-testid="checkout-trust">
      <li className="checkout-trust__mark">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M7 10V8a5 5 0 0110 0v2h1a1 1 0 011 1v9a1 1 0 01-1 1H6a1 1 0 01-1-1v-9a1 1 0 011-1h1zm2 0h6V8a3 3 0 00-6 0v2z" fill="currentColor" />
        </svg>
        {t('checkout.trust.secure')}
      </li>
      {guarantee ? (
        <li className="checkout-trust__mark">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5l8-3z" fill="currentColor" opacity="0.25" />
            <path d="M8 12l3 3 5-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t('paywall.moneyBack')}
        </li>
      ) : null}
    </ul>
  );
}
