import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardFormProps } from '../port.ts';
import { cardErrors, cvcLength, formatCardNumber, formatExpiry, onlyDigits, parseExpiry, type CardField, type CardFields } from './cardRules.ts';
import type { SandboxCard } from './sandboxStripeClient.ts';

export interface SandboxCardFormProps extends CardFormProps {
  /** Receives the card while it is valid (undefined otherwise), like Stripe's Elements hold it. */
  onCard: (card: SandboxCard | undefined) => void;
}

const EMPTY: CardFields = { number: '', expiry: '', cvc: '', name: '' };

/**
 * The preview build's card form: card number (grouped as typed), expiry MM/YY, CVC and cardholder
 * name, each with a label and an error in the visitor's language once the field was left.
 */
export function SandboxCardForm({ onChange, onCard, disabled = false }: SandboxCardFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [fields, setFields] = useState<CardFields>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const errors = cardErrors(fields, new Date());
  const valid = Object.keys(errors).length === 0;

  useEffect(() => {
    const expiry = parseExpiry(fields.expiry);
    onCard(valid && expiry ? { number: onlyDigits(fields.number), expMonth: expiry.month, expYear: expiry.year, cvc: fields.cvc } : undefined);
    onChange({ valid, cardholderName: fields.name.trim() });
  }, [fields, valid]); // eslint-disable-line react-hooks/exhaustive-deps -- report on every change of the fields

  const set = (field: CardField, format: (value: string, previous: string) => string) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = format(e.target.value, fields[field]);
    setFields((f) => ({ ...f, [field]: value }));
  };
  const leave = (field: CardField) => () => setTouched((s) => ({ ...s, [field]: true }));
  const shown = (field: CardField): string | undefined => (touched[field] ? errors[field] : undefined);

  const input = (field: CardField, label: string, extra: Record<string, string | number>, format: (v: string, p: string) => string) => {
    const error = shown(field);
    return (
      <div className={`fe-field checkout-card__field checkout-card__field--${field}`}>
        <label className="fe-field__label" htmlFor={`${id}-${field}`}>{label}</label>
        <input
          id={`${id}-${field}`}
          className="fe-field__input"
          value={fields[field]}
          onChange={set(field, format)}
          onBlur={leave(field)}
          disabled={disabled}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          {...extra}
        />
        {error ? <p className="fe-field__error" id={`${id}-${field}-error`}>{t(error)}</p> : null}
      </div>
    );
  };

  return (
    <div className="checkout-card__form" data-gateway="sandbox">
      <p className="checkout-card__sandbox-note">{t('checkout.sandbox.note')}</p>
      {input('number', t('checkout.card.number'), { inputMode: 'numeric', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: 23 }, formatCardNumber)}
      <div className="checkout-card__row">
        {input('expiry', t('checkout.card.expiry'), { inputMode: 'numeric', autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 5 }, formatExpiry)}
        {input('cvc', t('checkout.card.cvc'), { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: cvcLength(fields.number) === 4 ? '1234' : '123', maxLength: 4 }, (v) => onlyDigits(v).slice(0, 4))}
      </div>
      {input('name', t('checkout.card.name'), { autoComplete: 'cc-name', placeholder: t('checkout.card.namePlaceholder'), maxLength: 100 }, (v) => v.replace(/^\s+/, ''))}
    </div>
  );
}
