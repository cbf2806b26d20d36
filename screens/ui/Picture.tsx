import { images } from './images.ts';

export interface PictureProps {
  name: string;
  alt: string;
  className?: string;
  /** Load it first (the landing background is the page's largest paint). */
  priority?: boolean;
}

/**
 * An image from the manifest: WebP where the browser takes it, PNG otherwise, and the mobile image
 * at widths up to 430 px. Width and height are set so nothing shifts while it loads.
 */
export function Picture({ name, alt, className, priority = false }: PictureProps) {
  const set = images[name];
  if (!set) return null;
  return (
    <picture className={className}>
      <source media="(max-width: 430px)" type="image/webp" srcSet={set.mobileWebp} />
      <source media="(max-width: 430px)" type="image/png" srcSet={set.mobilePng} />
      <source type="image/webp" srcSet={set.webp} />
      <img
        src={set.png}
        alt={alt}
        width={set.width}
        height={set.height}
        decoding="async"
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}

/** The URLs start-up preloads: the welcome background and the first illustration. */
export function preloadUrls(isWebp: boolean): string[] {
  const narrow = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 430px)').matches;
  const pick = (name: string): string => {
    const set = images[name]!;
    if (narrow) return isWebp ? set.mobileWebp : set.mobilePng;
    return isWebp ? set.webp : set.png;
  };
  return [pick('welcome'), pick('check-location')];
}
