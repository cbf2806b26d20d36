import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { CardFormState, PaymentGateway } from '../../engine/payments/index.ts';
import { Button } from '../ui/Button.tsx';
import { CardBrands } from './CardBrands.tsx';
import { TrustMarks } from './TrustMarks.tsx';
import { useHeightOnRoot } from '../ui/useHeightOnRoot.ts';
import type { GatewayState } from '../../engine/payments/index.ts';

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
  /**
   * The last final failure, in the visitor's language; `decline` adds "try another card". Keep the
   * object the same between renders of one failure: a new object takes the focus again.
   */
  failure?: { text: string; decline: boolean };
  onFormChange: (state: CardFormState) => void;
  onPay: (gateway: PaymentGateway) => void;
  /** The express ways to pay above the form (rendered inside the gateway's Host, which a wallet needs; no gateway while it loads). */
  express?: (gateway: PaymentGateway | undefined) => ReactNode;
  /** The money-back guarantee shown beside Pay (from the variant's paywall.moneyBackDays), if it offers one. */
  guarantee?: string;
}

/**
 * The card section: the accepted brands, the gateway's form (or a loading line, or a clear message
 * with a retry when the card provider cannot be reached), the last failure once, right above the pay
 * button, which is disabled until the form is valid and while a purchase runs, the secure-payment and
 * guarantee marks under it, and the renewal terms. A failure takes the focus, so a screen reader and
 * a keyboard land on it next to Pay, with the form still filled in. On phones the failure, Pay and the
 * marks stick to the bottom of the screen while the form scrolls (checkout.css).
 */
export function CardPayment({ state, payLabel, due, terms, formValid, busy, failure, onFormChange, onPay, express, guarantee }: CardPaymentProps) {
  const { t } = useTexts();
  const id = useId();
  const failureRef = useRef<HTMLParagraphElement>(null);
  // on phones Pay sticks to the bottom: a field the visitor moves to scrolls above it (checkout.css)
  const actionRef = useHeightOnRoot('--fe-pay-bar-room');
  useEffect(() => {
    // each new failure (a new object: the caller keeps it stable between renders) is announced
    // (role=alert) and focused, right beside the button that retries it
    if (failure) failureRef.current?.focus();
  }, [failure]);
  const gateway = state.status === 'ready' ? state.gateway : undefined;
  // the gateway's host wraps the whole section: the wallet above the heading needs it as the form does
  const Host = gateway ? gateway.Host : Fragment;
  return (
    <section className="checkout-card" aria-labelledby={`${id}-title`}>
      <Host>
        {express?.(gateway)}
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
        {due ? (
          <p className="checkout-card__due" data-testid="checkout-due">
            {due}
          </p>
        ) : null}
        <div className="checkout-card__action" ref={actionRef}>
          {failure ? (
            <p className="checkout-card__failure" role="alert" tabIndex={-1} ref={failureRef} data-testid="checkout-failure">
              {failure.text}
              {failure.decline ? ` ${t('checkout.failure.tryAnother')}` : ''}
            </p>
          ) : null}
          {state.status !== 'failed' ? (
            <Button className="checkout-card__pay" onClick={() => gateway && onPay(gateway)} disabled={!gateway || !formValid || busy} aria-busy={busy}>
              {payLabel}
            </Button>
          ) : null}
          <TrustMarks guarantee={guarantee} />
        </div>
        <p className="checkout-card__terms" data-testid="checkout-terms">
          {terms}
        </p>
        <p className="checkout-card__secure">{t('checkout.card.secure')}</p>
      </Host>
    </section>
  );
}
