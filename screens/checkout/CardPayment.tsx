import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardFormState, PaymentGateway } from '../../engine/payments/port.ts';
import { Button } from '../ui/Button.tsx';
import { useCardGateway } from './useCardGateway.ts';

export interface CardPaymentProps {
  /** Loads the gateway (bounded to 10 s by engine/payments/loadGateway.ts). */
  load: () => Promise<PaymentGateway>;
  payLabel: string;
  formValid: boolean;
  busy: boolean;
  /** The last failure, already in the visitor's language; shown until the next attempt. */
  failureText?: string;
  onFormChange: (state: CardFormState) => void;
  onPay: (gateway: PaymentGateway) => void;
}

/**
 * The card section: the gateway's form (or a loading line, or a clear message with a retry when the
 * card provider cannot be reached), the last failure, and the pay button, disabled until the form is
 * valid and while a purchase runs.
 */
export function CardPayment({ load, payLabel, formValid, busy, failureText, onFormChange, onPay }: CardPaymentProps) {
  const { t } = useTranslation();
  const id = useId();
  const state = useCardGateway(load);
  const gateway = state.status === 'ready' ? state.gateway : undefined;
  return (
    <section className="checkout-card" aria-labelledby={`${id}-title`}>
      <h2 className="checkout__heading" id={`${id}-title`}>{t('checkout.card.title')}</h2>
      {state.status === 'loading' ? <p className="checkout-card__loading" role="status">{t('checkout.card.loading')}</p> : null}
      {state.status === 'failed' ? (
        <div className="checkout-card__unavailable" role="alert">
          <p>{t('checkout.unavailable.text')}</p>
          <Button variant="secondary" onClick={state.retry}>{t('common.tryAgain')}</Button>
        </div>
      ) : null}
      {gateway ? (
        <gateway.Host>
          <gateway.CardForm onChange={onFormChange} disabled={busy} />
        </gateway.Host>
      ) : null}
      {failureText ? (
        <p className="checkout-card__failure" data-testid="checkout-failure">
          {failureText} {t('checkout.failure.tryAnother')}
        </p>
      ) : null}
      {state.status !== 'failed' ? (
        <Button className="checkout-card__pay" onClick={() => gateway && onPay(gateway)} disabled={!gateway || !formValid || busy} aria-busy={busy}>
          {payLabel}
        </Button>
      ) : null}
      <p className="checkout-card__secure">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M7 10V8a5 5 0 0110 0v2h1a1 1 0 011 1v9a1 1 0 01-1 1H6a1 1 0 01-1-1v-9a1 1 0 011-1h1zm2 0h6V8a3 3 0 00-6 0v2z" fill="currentColor" />
        </svg>
        {t('checkout.card.secure')}
      </p>
    </section>
  );
}
