import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardFormState, PaymentGateway } from '../../engine/payments/index.ts';
import { Button } from '../ui/Button.tsx';
import { CardBrands } from './CardBrands.tsx';
import type { GatewayState } from '../payments/useCardGateway.ts';

export interface CardPaymentProps {
  /** The gateway as loaded by useCardGateway (bounded to 10 s by the gateway registry, engine/payments/registry.ts). */
  state: GatewayState & { retry: () => void };
  payLabel: string;
  /** A free trial's "Due today $0.00, then …" line. */
  due?: string;
  /** The auto-renewal terms shown next to the pay button. */
  terms: string;
  formValid: boolean;
  busy: boolean;
  /** The last final failure, in the visitor's language; `decline` adds "try another card". */
  failure?: { text: string; decline: boolean };
  onFormChange: (state: CardFormState) => void;
  onPay: (gateway: PaymentGateway) => void;
  /** The gateway's wallet above the form (rendered inside the gateway's Host). */
  wallet?: (gateway: PaymentGateway) => ReactNode;
}

/**
 * The card section: the accepted brands, the gateway's form (or a loading line, or a clear message
 * with a retry when the card provider cannot be reached), the last failure once, right above the pay
 * button, which is disabled until the form is valid and while a purchase runs, and the renewal terms.
 */
export function CardPayment({ state, payLabel, due, terms, formValid, busy, failure, onFormChange, onPay, wallet }: CardPaymentProps) {
  const { t } = useTranslation();
  const id = useId();
  const gateway = state.status === 'ready' ? state.gateway : undefined;
  // the gateway's host wraps the whole section: the wallet above the heading needs it as the form does
  const Host = gateway ? gateway.Host : Fragment;
  return (
    <section className="checkout-card" aria-labelledby={`${id}-title`}>
      <Host>
        {gateway ? wallet?.(gateway) : null}
        <div className="checkout-card__header">
          <h2 className="checkout__heading" id={`${id}-title`}>
            {t('checkout.card.title')}
          </h2>
          <CardBrands />
        </div>
        {state.status === 'loading' ? (
          <p className="checkout-card__loading" role="status">
            {t('checkout.card.loading')}
          </p>
        ) : null}
        {state.status === 'failed' ? (
          <div className="checkout-card__unavailable" role="alert">
            <p>{t('checkout.unavailable.text')}</p>
            <Button variant="secondary" onClick={state.retry}>
              {t('common.tryAgain')}
            </Button>
          </div>
        ) : null}
        {gateway ? <gateway.CardForm onChange={onFormChange} disabled={busy} /> : null}
        {failure ? (
          <p className="checkout-card__failure" role="alert" data-testid="checkout-failure">
            {failure.text}
            {failure.decline ? ` ${t('checkout.failure.tryAnother')}` : ''}
          </p>
        ) : null}
        {due ? (
          <p className="checkout-card__due" data-testid="checkout-due">
            {due}
          </p>
        ) : null}
        {state.status !== 'failed' ? (
          <Button className="checkout-card__pay" onClick={() => gateway && onPay(gateway)} disabled={!gateway || !formValid || busy} aria-busy={busy}>
            {payLabel}
          </Button>
        ) : null}
        <p className="checkout-card__terms" data-testid="checkout-terms">
          {terms}
        </p>
        <p className="checkout-card__secure">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M7 10V8a5 5 0 0110 0v2h1a1 1 0 011 1v9a1 1 0 01-1 1H6a1 1 0 01-1-1v-9a1 1 0 011-1h1zm2 0h6V8a3 3 0 00-6 0v2z" fill="currentColor" />
          </svg>
          {t('checkout.card.secure')}
        </p>
      </Host>
    </section>
  );
}
