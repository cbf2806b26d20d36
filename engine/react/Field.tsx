/**
 * The labelled form field of every form, the screens' and the payment gateways' card forms alike: the
 * `.fe-field` markup of the UI kit (its look lives in screens/ui/kit.css). Generic, so the payment
 * forms in engine/payments can use it without reaching into screens/.
 */
import type { ReactNode } from 'react';

/** The id of a field's error message, which the input's aria-describedby points at. */
const errorIdFor = (inputId: string): string => `${inputId}-error`;

/**
 * The id of a field's label when the field holds no native input (see FieldProps.group), for the
 * group's aria-labelledby.
 * @example <div role="group" aria-labelledby={fieldLabelId(id)}>…</div>
 */
export const fieldLabelId = (inputId: string): string => `${inputId}-label`;

/**
 * The input's side of a field's error: marked invalid and described by the message, or neither.
 * @example <input id={id} {...invalidProps(id, Boolean(message))} />
 */
export function invalidProps(inputId: string, invalid: boolean): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return invalid ? { 'aria-invalid': true, 'aria-describedby': errorIdFor(inputId) } : {};
}

/**
 * The input's side of a left-to-right field (numbers, codes, card number, expiry, CVC, an e-mail
 * address): it stays left to right inside right-to-left pages, with the keyboard the value needs.
 * @example <input id={id} {...ltrInputProps('tel')} />
 */
export function ltrInputProps(inputMode: 'numeric' | 'tel' | 'text' | 'decimal' | 'email'): { dir: 'ltr'; inputMode: typeof inputMode } {
  return { dir: 'ltr', inputMode };
}

export interface FieldProps {
  /** The id of the input inside, which the label points at. */
  inputId: string;
  label: ReactNode;
  /** The message under the input, announced when it appears; nothing when empty. */
  error?: ReactNode;
  className?: string;
  /**
   * The value reads left to right in every language (give the input ltrInputProps): the label and the
   * message follow the page, the input does not.
   */
  ltr?: boolean;
  /**
   * The field holds no native input but a control the page cannot label (a payment provider's iframe
   * in a `role="group"` element): the label is then text with the id `fieldLabelId(inputId)`, which
   * that element names itself by.
   */
  group?: boolean;
  /** The input (or a row holding it). */
  children: ReactNode;
}

/**
 * A labelled form field with its error message: the kit's `.fe-field` markup in one place.
 * @example <Field inputId={id} label={t('signup.emailLabel')} error={message}><input id={id} {...invalidProps(id, Boolean(message))} /></Field>
 */
export function Field({ inputId, label, error, className = '', ltr = false, group = false, children }: FieldProps) {
  return (
    <div className={`fe-field ${ltr ? 'fe-field--ltr' : ''} ${className}`.replace(/\s+/g, ' ').trim()}>
      {group ? (
        <span className="fe-field__label" id={fieldLabelId(inputId)}>
          {label}
        </span>
      ) : (
        <label className="fe-field__label" htmlFor={inputId}>
          {label}
        </label>
      )}
      {children}
      {error ? (
        <p id={errorIdFor(inputId)} className="fe-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
