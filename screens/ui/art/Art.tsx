import { ART_HEIGHT, ART_WIDTH, art } from './index.ts';
import { ownValue } from '../../../engine/index.ts';

export interface ArtProps {
  name: string;
  className?: string;
  /** Load it at once (the screen's main picture); otherwise lazily. */
  priority?: boolean;
}

/** One illustration as a plain <img>: decorative, its size set so nothing shifts while it loads. */
export function Art({ name, className, priority = false }: ArtProps) {
  const src = ownValue(art, name);
  if (!src) return null;
  return <img className={className} src={src} alt="" width={ART_WIDTH} height={ART_HEIGHT} decoding="async" loading={priority ? 'eager' : 'lazy'} />;
}
