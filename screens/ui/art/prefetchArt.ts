import { art } from './index.ts';
import { ownValue } from '../../../engine/index.ts';

/**
 * Starts downloading illustrations a step will show (a screen module's `prefetch`), so they are in the
 * cache when the visitor taps: the same URL the step's <img> asks for. Unknown or empty names are skipped.
 */
export function prefetchArt(...names: Array<string | undefined>): void {
  for (const name of names) {
    const src = name ? ownValue(art, name) : undefined;
    if (!src) continue;
    const image = new Image();
    image.decoding = 'async';
    image.src = src;
  }
}
