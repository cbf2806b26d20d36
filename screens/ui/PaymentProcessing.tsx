import { useRef } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import { useWarmLayout } from '../../engine/react/routes.ts';
import { Logo } from './Logo.tsx';
import { LockIcon } from './TrustIcons.tsx';

/**
 * While a payment runs (the checkout's or the upsell's): the brand's page instead of a bare spinner,
 * with what is happening ("Confirming your payment with your bank…") and why to keep the page open.
 * Opaque and over the page and over the engine's plain checkout loader (which still announces the
 * payment text), so no half-visible form invites a second payment; the gateway's dialogs (a 3-D
 * Secure challenge) stay above it. `shown={false}` keeps it in the page, hidden, until the payment starts.
 */
export function PaymentProcessing({ shown = true }: { shown?: boolean }) {
  const { t } = useTexts();
  const ref = useRef<HTMLDivElement>(null);
  // kept in the page hidden until Pay, and laid out once ahead: the tap only shows it (about 17 ms of
  // style and layout at 4x CPU when it is new, in the task of the tap, before the payment's first call)
  useWarmLayout(ref, !shown);
  return (
    <div ref={ref} className="payment-processing" role="status" aria-live="polite" data-testid="payment-processing" hidden={!shown}>
      <header className="payment-processing__header">
        <Logo name={t('a11y.appName')} size={28} />
      </header>
      <div className="payment-processing__body">
        <div className="payment-processing__spinner" aria-hidden="true">
          <LockIcon size={26} />
        </div>
        <h2 className="payment-processing__title">{t('checkout.processing.confirming')}</h2>
        <p className="payment-processing__text">{t('checkout.processing.text')}</p>
      </div>
    </div>
  );
}
