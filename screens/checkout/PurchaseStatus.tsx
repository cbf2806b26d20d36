import { useTexts } from '../../engine/react/index.ts';
import { Button } from '../ui/Button.tsx';

/**
 * In place of the card form while a purchase is under way: opaque, so no half-visible form invites a
 * second payment. `otherTab` when this tab cannot follow the purchase itself (no session here): the
 * result arrives from the tab that polls.
 */
export function ProcessingPanel({ otherTab = false }: { otherTab?: boolean }) {
  const { t } = useTexts();
  return (
    <section className="checkout-status" role="status" aria-live="polite" data-testid="checkout-processing">
      <div className="checkout-status__spinner" aria-hidden="true" />
      <h2 className="checkout__heading">{t('checkout.processing.title')}</h2>
      <p className="checkout-status__text">{otherTab ? t('checkout.processing.otherTab') : t('checkout.processing.text')}</p>
    </section>
  );
}

/**
 * A purchase whose outcome is still open (no connection, a server error, a rate limit, or no result
 * before the deadline): the cause, and one way on that continues the same purchase (never a new one).
 */
export function PendingPanel({ text, pending, onRetry }: { text: string; pending: boolean; onRetry: () => void }) {
  const { t } = useTexts();
  return (
    <section className="checkout-status checkout-status--open" aria-live="polite" data-testid="checkout-pending">
      <p className="checkout-status__text" role="alert">
        {text}
      </p>
      <Button onClick={onRetry}>{pending ? t('checkout.pending.checkAgain') : t('checkout.pending.tryAgain')}</Button>
    </section>
  );
}
