import { useMemo } from 'react';
import { useEngine, useTexts, useVariant } from '../../engine/react/index.ts';
import { useFunnel } from '../product/hooks.ts';
import { carouselPlace } from './carousel.ts';

/**
 * The welcome carousel's position dots; the active one is orange (#FBA253, spec section 9). Shared by
 * the feature intros and the signup screen, which the main flow makes the carousel's final slide
 * (`carouselEnd`). The position and the number of dots come from the flow (carousel.ts); a step that
 * is no slide shows none.
 */
export function CarouselDots() {
  const { t } = useTexts();
  const { steps } = useEngine();
  const { step } = useFunnel();
  const { variant } = useVariant();
  const place = useMemo(() => carouselPlace(steps, step.id, variant), [steps, step.id, variant]);
  if (!place) return null;
  const { slide, slides } = place;
  return (
    <ol className="fe-dots feature-intro__dots" aria-label={t('intro.slideOf', { current: slide, total: slides })}>
      {Array.from({ length: slides }, (_, i) => (
        <li
          key={i}
          className={`fe-dot ${i + 1 === slide ? 'fe-dot--active' : ''}`.trim()}
          aria-current={i + 1 === slide ? 'step' : undefined}
          data-active={i + 1 === slide}
        />
      ))}
    </ol>
  );
}
