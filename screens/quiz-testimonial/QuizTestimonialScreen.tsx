import { useTexts } from '../../engine/react/index.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import type { QuizTestimonialProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

const MAX_STARS = 5;

/** Its illustration downloads while the visitor answers the question before. */
export const prefetch: ScreenPrefetch<QuizTestimonialProps> = (props) => prefetchArt(props.art);

/** Its render changes nothing, so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * "Families like yours": one customer's words between quiz questions, with their name, who they are
 * and their rating, all from the step's props (the quote's source is data, checked by the validator).
 */
export default function QuizTestimonialScreen({ props, next }: ScreenProps<QuizTestimonialProps>) {
  const { t } = useTexts();
  return (
    <Screen className="quiz-testimonial" art={props.art}>
      <h1 className="fe-title">{t(props.title)}</h1>
      <figure className="quiz-testimonial__card">
        {props.stars ? (
          <span className="quiz-testimonial__stars" role="img" aria-label={t('quizInterstitial.rating', { stars: props.stars, max: MAX_STARS })}>
            {Array.from({ length: MAX_STARS }, (_, i) => (
              <span
                key={i}
                aria-hidden="true"
                className={i < (props.stars ?? 0) ? 'quiz-testimonial__star quiz-testimonial__star--on' : 'quiz-testimonial__star'}
              >
                ★
              </span>
            ))}
          </span>
        ) : null}
        {/* <q>: the quotation marks of the page's language */}
        <blockquote className="quiz-testimonial__quote">
          <q>{t(props.quote)}</q>
        </blockquote>
        <figcaption className="quiz-testimonial__author">
          <bdi className="quiz-testimonial__name">{props.author}</bdi>
          {props.role ? <span className="quiz-testimonial__role">{t(props.role)}</span> : null}
        </figcaption>
      </figure>
      <div className="quiz-testimonial__actions">
        <Button onClick={() => next()}>{t(props.cta)}</Button>
      </div>
    </Screen>
  );
}
