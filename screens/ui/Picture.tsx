import { images } from './images.ts';
import { ownValue } from '../../engine/index.ts';

export interface PictureProps {
  name: string;
  alt: string;
  className?: string;
  /** Load it first (the landing background is the page's largest paint; the page also preloads it). */
  priority?: boolean;
}

/**
 * An image from the manifest: AVIF or WebP at 1x-3x widths where the browser takes them, PNG
 * otherwise, and the mobile art at widths up to 430 px. Width and height are set so nothing shifts
 * while it loads.
 */
export function Picture({ name, alt, className, priority = false }: PictureProps) {
  const set = ownValue(images, name);
  if (!set) return null;
  return (
    <picture className={className}>
      {set.sources.map((source) => (
        <source key={`${source.media ?? ''}${source.type}`} media={source.media} type={source.type} srcSet={source.srcSet} sizes={set.sizes} />
      ))}
      <img
        src={set.src}
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
