import { useTexts } from '../translator.ts';
import type { LoaderType } from '../../core/store.ts';

export interface LoadingOverlayProps {
  /** Show a text under the spinner (only when asked). */
  withMessage?: boolean;
  /** checkout shows the payment-processing text, anything else the normal text. */
  type?: LoaderType;
}

/** The full-screen loading overlay: a spinner, and a text only when asked. */
export function LoadingOverlay({ withMessage = false, type = 'normal' }: LoadingOverlayProps) {
  const { t } = useTexts();
  const text = type === 'checkout' ? t('loader.checkout') : t('loader.normal');
  return (
    <div className="fe-loader" role="status" aria-live="polite" aria-busy="true" data-loader-type={type}>
      <div className="fe-loader__spinner" aria-hidden="true" />
      {withMessage ? <p className="fe-loader__text">{text}</p> : <span className="fe-visually-hidden">{text}</span>}
    </div>
  );
}
