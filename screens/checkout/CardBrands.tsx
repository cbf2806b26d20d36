import { useTexts } from '../../engine/react/index.ts';

/** Small inline marks of the accepted card brands (Visa, Mastercard, American Express). */
export function CardBrands() {
  const { t } = useTexts();
  return (
    <span className="checkout-brands" role="img" aria-label={t('checkout.card.brands')}>
      <svg viewBox="0 0 38 24" width="38" height="24" aria-hidden="true" focusable="false">
        <rect width="38" height="24" rx="4" fill="#fff" stroke="#d6dde3" />
        <path
          d="M15.6 16.4h-2.3l1.4-8.8H17zm8.3-8.6a5.6 5.6 0 00-2-.4c-2.3 0-3.9 1.2-3.9 2.9 0 1.3 1.1 2 2 2.4.9.4 1.2.7 1.2 1.1 0 .6-.7.9-1.4.9a4.8 4.8 0 01-2.2-.5l-.3-.1-.3 2a7.2 7.2 0 002.6.5c2.4 0 4-1.2 4-3 0-1-.6-1.8-1.9-2.4-.8-.4-1.3-.7-1.3-1.1 0-.4.4-.8 1.3-.8a4 4 0 011.7.3l.2.1zm5.9-.2H28c-.5 0-1 .2-1.2.7l-3.4 8.1h2.4l.5-1.3h2.9l.3 1.3h2.1zm-2.8 5.7l.9-2.5.3-.8.2.7.5 2.6zM11.4 7.6l-2.2 6-.3-1.2a6.6 6.6 0 00-3.1-3.6l2 7.6h2.4l3.6-8.8z"
          fill="#1a1f71"
        />
        <path d="M7.4 7.6H3.7v.2c2.9.7 4.8 2.5 5.6 4.6l-.8-4a1 1 0 00-1.1-.8z" fill="#f7a600" />
      </svg>
      <svg viewBox="0 0 38 24" width="38" height="24" aria-hidden="true" focusable="false">
        <rect width="38" height="24" rx="4" fill="#fff" stroke="#d6dde3" />
        <circle cx="15" cy="12" r="6.5" fill="#eb001b" />
        <circle cx="23" cy="12" r="6.5" fill="#f79e1b" />
        <path d="M19 6.9a6.5 6.5 0 010 10.2 6.5 6.5 0 010-10.2z" fill="#ff5f00" />
      </svg>
      <svg viewBox="0 0 38 24" width="38" height="24" aria-hidden="true" focusable="false">
        <rect width="38" height="24" rx="4" fill="#2e77bc" />
        <text x="19" y="15.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="8" fontWeight="700" fill="#fff">
          AMEX
        </text>
      </svg>
    </span>
  );
}
