import type { ReactNode } from 'react';

/** The id of a field's error message, for the input's aria-describedby. */
export const errorIdFor = (inputId: string): string => `${inputId}-error`;

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
 * @example <Field inputId={id} label={t('signup.emailLabel')} error={message}><input id={id} aria-describedby={message ? errorIdFor(id) : undefined} /></Field>
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
