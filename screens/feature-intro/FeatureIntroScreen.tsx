import { useRef, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeatureIntroProps } from '../../engine/types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/types.ts';
import { Button } from '../ui/Button.tsx';
import { Picture } from '../ui/Picture.tsx';
import { Screen } from '../ui/Screen.tsx';

/** A horizontal swipe shorter than this is a tap or a scroll, not a swipe. */
const SWIPE_MIN_PX = 50;

/** One slide of the welcome carousel: illustration, title, text, dots; swipe left or press continue. */
export default function FeatureIntroScreen({ props, next }: ScreenProps<FeatureIntroProps>) {
  const { t } = useTranslation();
  const start = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent): void => {
    const touch = e.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent): void => {
    const touch = e.changedTouches[0];
    if (!start.current || !touch) return;
    const dx = touch.clientX - start.current.x;
    const dy = touch.clientY - start.current.y;
    start.current = null;
    // a left swipe in left-to-right layouts, a right swipe in right-to-left ones
    const forward = document.documentElement.dir === 'rtl' ? dx > 0 : dx < 0;
    if (Math.abs(dx) > SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) && forward) next();
  };
  return (
    <Screen className="feature-intro">
      <div className="feature-intro__slide" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <Picture name={props.image} alt="" className="feature-intro__image" priority />
        <div className="fe-dots" role="tablist" aria-label={`${props.slide} / ${props.slides}`}>
          {Array.from({ length: props.slides }, (_, i) => (
            <span key={i} role="tab" aria-selected={i + 1 === props.slide} className={`fe-dot ${i + 1 === props.slide ? 'fe-dot--active' : ''}`} />
          ))}
        </div>
        <h1 className="fe-title">{t(props.title)}</h1>
        <p className="fe-text">{t(props.text)}</p>
      </div>
      <div className="feature-intro__actions">
        <Button onClick={() => next()}>{t(props.cta)}</Button>
      </div>
    </Screen>
  );
}
