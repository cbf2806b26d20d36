import { useTexts } from '../../engine/react/index.ts';
import type { PaywallReviews } from '../types/flow.gen.ts';

const MAX_STARS = 5;

/** Five stars, the first `filled` drawn in the brand's orange; read out once through `label`. */
function Stars({ filled, label, size = 16 }: { filled: number; label: string; size?: number }) {
  return (
    <span className="paywall-stars" role="img" aria-label={label}>
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 24 24"
          width={size}
          height={size}
          aria-hidden="true"
          focusable="false"
          className={i < filled ? 'paywall-stars__on' : undefined}
        >
          <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

/** The app's average rating and how many ratings it is made of (flow data), formatted for the locale. */
export function RatingSummary({ reviews, locale }: { reviews: PaywallReviews; locale: string }) {
  const { t } = useTexts();
  const rating = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(reviews.rating);
  const count = new Intl.NumberFormat(locale).format(reviews.count);
  return (
    <p className="paywall-rating">
      <Stars filled={Math.round(reviews.rating)} label={t('paywall.reviews.outOf', { rating })} />
      <span className="paywall-rating__score" aria-hidden="true">
        {rating}
      </span>
      <span className="paywall-rating__count">{t('paywall.reviews.count', { count: reviews.count, formatted: count })}</span>
    </p>
  );
}

/** A few short reviews (texts are locale keys, so every language reads them in its own words). */
export function ReviewList({ reviews, locale }: { reviews: PaywallReviews; locale: string }) {
  const { t } = useTexts();
  const stars = (n: number) => t('paywall.reviews.outOf', { rating: new Intl.NumberFormat(locale).format(n) });
  return (
    <section className="paywall-reviews" aria-labelledby="paywall-reviews-title">
      <h2 className="paywall-reviews__title" id="paywall-reviews-title">
        {t('paywall.reviews.title')}
      </h2>
      <ul className="paywall-reviews__list">
        {reviews.items.map((review) => (
          <li key={review.author + review.text} className="paywall-reviews__item">
            <Stars filled={review.stars} label={stars(review.stars)} size={14} />
            <p className="paywall-reviews__text">{t(review.text)}</p>
            <p className="paywall-reviews__author">
              <bdi>{review.author}</bdi>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
