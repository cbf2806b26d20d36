import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTexts } from '../../react/translator.ts';
import { Field, invalidProps, ltrInputProps } from '../../react/Field.tsx';
import type { CardFormProps } from '../port.ts';
import { cardErrors, cvcLength, formatCardNumber, formatExpiry, onlyDigits, parseExpiry, type CardField, type CardFields } from './cardRules.ts';
import type { SandboxCard } from './sandboxStripeClient.ts';

/**
 * The test card the note offers, as one left-to-right piece that never breaks: isolated (U+2066 …
 * U+2069) so an Arabic sentence does not reorder its groups, with no-break spaces between them.
 */
const TEST_CARD_TEXT = `\u2066${'4242 4242 4242 4242'.replaceAll(' ', '\u00a0')}\u2069`;

export interface SandboxCardFormProps extends CardFormProps {
  /** Receives the card while it is valid (undefined otherwise), like Stripe's Elements hold it. */
  onCard: (card: SandboxCard | undefined) => void;
}

const EMPTY: CardFields = { number: '', expiry: '', cvc: '', name: '' };

/**
 * The preview build's card form: card number (grouped as typed), expiry MM/YY, CVC and cardholder
 * name, each with a label and an error in the visitor's language once the field was left. The
 * expiry's placeholder follows the language's abbreviation (MM/JJ in German).
 */
export function SandboxCardForm({ onChange, onCard, disabled = false }: SandboxCardFormProps) {
  const { t } = useTexts();
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

  // number, expiry and CVC read left to right in every language (ltr): "4000 0000 0000 9995", not its mirror
  const input = (field: CardField, label: string, extra: Record<string, string | number>, format: (v: string, p: string) => string, ltr = false) => {
    const error = shown(field);
    const inputId = `${id}-${field}`;
    return (
      <Field inputId={inputId} label={label} error={error ? t(error) : undefined} ltr={ltr} className={`checkout-card__field checkout-card__field--${field}`}>
        <input
          id={inputId}
          className="fe-field__input"
          value={fields[field]}
          onChange={set(field, format)}
          onBlur={leave(field)}
          disabled={disabled}
          {...invalidProps(inputId, Boolean(error))}
          {...(ltr ? ltrInputProps('numeric') : {})}
          {...extra}
        />
      </Field>
    );
  };

  return (
    <div className="checkout-card__form" data-gateway="sandbox">
      <p className="checkout-card__sandbox-note">{t('checkout.sandbox.note', { card: TEST_CARD_TEXT })}</p>
      {input('number', t('checkout.card.number'), { autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234', maxLength: 23 }, formatCardNumber, true)}
      <div className="checkout-card__row">
        {input(
          'expiry',
          t('checkout.card.expiry'),
          { autoComplete: 'cc-exp', placeholder: t('checkout.card.expiryPlaceholder'), maxLength: 5 },
          formatExpiry,
          true,
        )}
        {input(
          'cvc',
          t('checkout.card.cvc'),
          { autoComplete: 'cc-csc', placeholder: cvcLength(fields.number) === 4 ? '1234' : '123', maxLength: 4 },
          (v) => onlyDigits(v).slice(0, 4),
          true,
        )}
      </div>
      {input('name', t('checkout.card.name'), { autoComplete: 'cc-name', placeholder: t('checkout.card.namePlaceholder'), maxLength: 100 }, (v) =>
        v.replace(/^\s+/, ''),
      )}
    </div>
  );
}
