import { useTexts } from '../../engine/react/index.ts';
import type { FeatureIntroProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import { Button } from '../ui/Button.tsx';
import { Picture } from '../ui/Picture.tsx';
import { Screen } from '../ui/Screen.tsx';
import { Art } from '../ui/art/Art.tsx';
import { art } from '../ui/art/index.ts';
import { CarouselDots } from './CarouselDots.tsx';
import { useForwardGestures } from './useForwardGestures.ts';
import { ownValue } from '../../engine/index.ts';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** An illustration of the slide: a drawn scene (screens/ui/art) or a photo (screens/ui/images). */
function Scene({ name }: { name: string }) {
  return ownValue(art, name) ? (
    <Art name={name} className="feature-intro__art" priority />
  ) : (
    <Picture name={name} alt="" className="feature-intro__image" priority />
  );
}

/** Its illustration downloads while the visitor reads the step before. */
export const prefetch: ScreenPrefetch<FeatureIntroProps> = (props) => prefetchArt(props.image, props.secondImage);

/** Its render changes nothing, so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * One slide of the welcome carousel: its own illustration on its own colour (the stage), dots, title,
 * text and continue. Phones: the stage takes the height the texts leave; from 1024 px the stage and the
 * texts stand side by side. Touch screens swipe to the next slide; desktops get a visible "next slide"
 * arrow beside the illustration (and the arrow key). The slide after the last feature intro (signup in
 * the main flow) shows the final dot. A slide about two features (crashes and falls) shows two scenes,
 * one under the other.
 */
export default function FeatureIntroScreen({ props, next }: ScreenProps<FeatureIntroProps>) {
  const { t } = useTexts();
  const gestures = useForwardGestures(() => next());
  return (
    <Screen className={`feature-intro feature-intro--${props.image}`} wide>
      <div className="feature-intro__slide" {...gestures}>
        <div className="feature-intro__stage">
          {props.secondImage ? (
            <div className="feature-intro__scenes">
              <Scene name={props.image} />
              <Scene name={props.secondImage} />
            </div>
          ) : (
            <Scene name={props.image} />
          )}
          <button type="button" className="feature-intro__arrow" aria-label={t('intro.nextSlide')} onClick={() => next()}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
        <div className="feature-intro__copy">
          <CarouselDots />
          <h1 className="fe-title">{t(props.title)}</h1>
          <p className="fe-text">{t(props.text)}</p>
          <div className="feature-intro__actions">
            <Button onClick={() => next()}>{t(props.cta)}</Button>
          </div>
        </div>
      </div>
    </Screen>
  );
}
