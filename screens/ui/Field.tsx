import type { ReactNode } from 'react';

/** The id of a field's error message, which the input's aria-describedby points at. */
const errorIdFor = (inputId: string): string => `${inputId}-error`;

/**
 * The input's side of a field's error: marked invalid and described by the message, or neither.
 * @example <input id={id} {...invalidProps(id, Boolean(message))} />
 */
export function invalidProps(inputId: string, invalid: boolean): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return invalid ? { 'aria-invalid': true, 'aria-describedby': errorIdFor(inputId) } : {};
}

export interface FieldProps {
  /** The id of the input inside, which the label points at. */
  inputId: string;
  label: ReactNode;
  /** The message under the input, announced when it appears; nothing when empty. */
  error?: ReactNode;
  className?: string;
  /** The input (or a row holding it). */
  children: ReactNode;
}

/**
 * A labelled form field with its error message: the kit's `.fe-field` markup in one place.
 * @example <Field inputId={id} label={t('signup.emailLabel')} error={message}><input id={id} {...invalidProps(id, Boolean(message))} /></Field>
 */
export function Field({ inputId, label, error, className = '', children }: FieldProps) {
  return (
    <div className={`fe-field ${className}`.trim()}>
      <label className="fe-field__label" htmlFor={inputId}>{label}</label>
      {children}
      {error ? <p id={errorIdFor(inputId)} className="fe-field__error" role="alert">{error}</p> : null}
    </div>
  );
}
