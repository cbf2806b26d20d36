import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
}

/** The rounded call-to-action button: max width 327 px, radius 24 px. */
export function Button({ variant = 'primary', className = '', type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={`fe-button fe-button--${variant} ${className}`.trim()} {...rest} />;
}
