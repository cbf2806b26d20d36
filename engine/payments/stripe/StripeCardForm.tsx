import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTexts } from '../../react/translator.ts';
import { CardCvcElement, CardExpiryElement, CardNumberElement } from '@stripe/react-stripe-js';
import type {
  StripeCardCvcElementChangeEvent,
  StripeCardExpiryElementChangeEvent,
  StripeCardNumberElementChangeEvent,
  StripeElementStyle,
} from '@stripe/stripe-js';
import { Field, fieldLabelId, invalidProps } from '../../react/Field.tsx';
import type { CardFormProps } from '../port.ts';

type Part = 'number' | 'expiry' | 'cvc';
type PartEvent = StripeCardNumberElementChangeEvent | StripeCardExpiryElementChangeEvent | StripeCardCvcElementChangeEvent;

/** Elements render inside Stripe's iframes: our CSS cannot reach them, so the kit's look is passed here. */
const STYLE: StripeElementStyle = {
  base: {
    fontSize: '17px',
    color: '#1d2b36',
    fontFamily: "'Open Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    '::placeholder': { color: '#9aa7b0' },
  },
  invalid: { color: '#e53935' },
};

/**
 * Stripe's card number, expiry (MM/YY) and CVC elements plus our cardholder name field. Valid when
 * Stripe reports every element complete and a name is given; Stripe's own (localised) messages are
 * shown under each element.
 */
export function StripeCardForm({ onChange, disabled = false }: CardFormProps) {
  const { t } = useTexts();
  const id = useId();
  const [complete, setComplete] = useState<Record<Part, boolean>>({ number: false, expiry: false, cvc: false });
  const [errors, setErrors] = useState<Partial<Record<Part, string>>>({});
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const nameValid = name.trim().length >= 2;

  useEffect(() => {
    onChange({ valid: complete.number && complete.expiry && complete.cvc && nameValid, cardholderName: name.trim() });
  }, [complete, name, nameValid]); // eslint-disable-line react-hooks/exhaustive-deps -- report on every change

  const track = (part: Part) => (event: PartEvent) => {
    setComplete((c) => ({ ...c, [part]: event.complete }));
    setErrors((e) => ({ ...e, [part]: event.error?.message }));
  };
  const options = { style: STYLE, disabled };
  // Elements are iframes the page cannot label: each sits in a group named by the field's label, with the
  // kit's ring around it when it has focus; numbers read left to right in every language (ltr)
  const field = (part: Part, label: string, element: ReactNode) => (
    <Field inputId={`${id}-${part}`} label={label} error={errors[part]} ltr group className={`checkout-card__field checkout-card__field--${part}`}>
      <div
        className="fe-field__input fe-focus-ring--within checkout-card__element"
        role="group"
        aria-labelledby={fieldLabelId(`${id}-${part}`)}
        dir="ltr"
        {...invalidProps(`${id}-${part}`, Boolean(errors[part]))}
      >
        {element}
      </div>
    </Field>
  );
  const nameError = nameTouched && !nameValid ? t('checkout.card.errors.name') : undefined;

  return (
    <div className="checkout-card__form" data-gateway="stripe">
      {field('number', t('checkout.card.number'), <CardNumberElement options={{ ...options, showIcon: true }} onChange={track('number')} />)}
      <div className="checkout-card__row">
        {field('expiry', t('checkout.card.expiry'), <CardExpiryElement options={options} onChange={track('expiry')} />)}
        {field('cvc', t('checkout.card.cvc'), <CardCvcElement options={options} onChange={track('cvc')} />)}
      </div>
      <Field inputId={`${id}-name`} label={t('checkout.card.name')} error={nameError} className="checkout-card__field checkout-card__field--name">
        <input
          id={`${id}-name`}
          className="fe-field__input"
          value={name}
          autoComplete="cc-name"
          placeholder={t('checkout.card.namePlaceholder')}
          maxLength={100}
          disabled={disabled}
          onChange={(e) => setName(e.target.value.replace(/^\s+/, ''))}
          onBlur={() => setNameTouched(true)}
          {...invalidProps(`${id}-name`, Boolean(nameError))}
        />
      </Field>
    </div>
  );
}
