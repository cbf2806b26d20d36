import { useTranslation } from 'react-i18next';

/**
 * The welcome carousel's position dots; the active one is orange (#FBA253, spec section 9). Shared by
 * the feature intros and the signup screen, which the main flow makes the carousel's final slide.
 */
export function CarouselDots({ slide, slides }: { slide: number; slides: number }) {
  const { t } = useTranslation();
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
