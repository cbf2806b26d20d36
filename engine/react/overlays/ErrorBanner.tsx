import { useEffect } from 'react';
import { useTexts } from '../translator.ts';
import { useSnapshot } from 'valtio/react';
import { hideError } from '../../core/store.ts';
import { useEngine } from '../context.ts';

export const ERROR_BANNER_HIDE_MS = 3000;

/** The dismissible red error banner; it hides itself 3 s after it opens. */
export function ErrorBanner() {
  const { store } = useEngine();
  const error = useSnapshot(store.error);
  const { t } = useTexts();
  useEffect(() => {
    if (!error.show) return;
    const timer = setTimeout(() => hideError(store), ERROR_BANNER_HIDE_MS);
    return () => clearTimeout(timer);
  }, [error.show, error.text, error.textKey, store]);
  if (!error.show) return null;
  const text = error.textKey ? t(error.textKey, error.textValues) : error.text || t('errors.generic');
  return (
    <div className="fe-error-banner" role="alert" data-error-type={error.type}>
      <p className="fe-error-banner__text">{text}</p>
      <button type="button" className="fe-error-banner__close" aria-label={t('common.dismiss')} onClick={() => hideError(store)}>
        ×
      </button>
    </div>
  );
}
