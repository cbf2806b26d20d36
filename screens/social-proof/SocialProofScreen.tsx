import { useTexts } from '../../engine/react/index.ts';
import type { SocialProofProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';

const MAX_STARS = 5;

/** A star rating: five stars, the first `stars` filled, read out as "Rating: 4 of 5". */
function Stars({ stars, label }: { stars: number; label: string }) {
  return (
    <span className="social-proof__stars" role="img" aria-label={label}>
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < stars ? 'social-proof__star social-proof__star--on' : 'social-proof__star'}>
          ★
        </span>
      ))}
    </span>
  );
}

/** Its render changes nothing, so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * The claim, the customer reviews with star ratings and, when the flow has real ones, press quotes
 * (all from props, each with its source; samples are shown as they are, and `npm run validate` warns).
 */
export default function SocialProofScreen({ props, next }: ScreenProps<SocialProofProps>) {
  const { t } = useTexts();
  const quotes = props.quotes ?? [];
  return (
    <Screen className="social-proof" wide>
      <h1 className="fe-title social-proof__title">{t(props.claim.text)}</h1>
      {quotes.length > 0 && (
        <section className="social-proof__section" aria-labelledby="social-proof-press">
          <h2 id="social-proof-press" className="social-proof__heading">
            {t('family.social.pressTitle')}
          </h2>
          <div className="social-proof__quotes">
            {quotes.map((quote) => (
              <figure key={quote.source} className="social-proof__quote">
                {/* <q>: the quotation marks of the page's language (“…” en, „…“ de, «…» fr, 「…」 ja), not English ones everywhere */}
                <blockquote className="social-proof__quote-text" cite={quote.source}>
                  <q>{t(quote.text)}</q>
                </blockquote>
                <figcaption className="social-proof__source">
                  <cite>
                    <a href={quote.source} rel="noopener noreferrer" target="_blank">
                      <bdi>{quote.publication}</bdi>
                    </a>
                  </cite>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>
      )}
      <section className="social-proof__section" aria-labelledby="social-proof-reviews">
        <h2 id="social-proof-reviews" className="social-proof__heading">
          {t('family.social.reviewsTitle')}
        </h2>
        <ul className="social-proof__reviews">
          {props.reviews.items.map((review) => (
            <li key={review.author} className="social-proof__review">
              <Stars stars={review.stars} label={t('family.social.rating', { stars: review.stars, max: MAX_STARS })} />
              <p className="social-proof__review-text">{t(review.text)}</p>
              <p className="social-proof__author">
                {/* a Latin name keeps its final "." on its own side in right-to-left text */}
                <bdi>{review.author}</bdi>
              </p>
            </li>
          ))}
        </ul>
      </section>
      <div className="social-proof__actions">
        <Button onClick={() => next()}>{t(props.cta)}</Button>
      </div>
    </Screen>
  );
}
