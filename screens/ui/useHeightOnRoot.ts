import { useCallback } from 'react';

/**
 * A ref callback that keeps a CSS custom property of `<html>` at its element's height while the
 * element is mounted and `active` (and removes it after), so that the page can make room for an
 * element fixed or stuck over it: padding for the consent banner, `scroll-padding` so that a focused
 * field never scrolls under the checkout's Pay bar or the paywall's action bar. A callback, not an effect on a ref object: the
 * element can be replaced under the same component (the checkout's gateway wraps it once it loads).
 * @example <div ref={useHeightOnRoot('--fe-pay-bar-room')} />
 */
export function useHeightOnRoot(property: string, active = true): (element: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!active || !element) return undefined;
      const root = document.documentElement;
      let last = '';
      const set = (height: number): void => {
        const value = `${Math.round(height)}px`;
        if (value !== last) root.style.setProperty(property, (last = value));
      };
      const stop = (): void => {
        root.style.removeProperty(property);
      };
      if (typeof ResizeObserver === 'undefined') {
        set(element.offsetHeight);
        return stop;
      }
      // the observer reports the first size after the next layout, before that frame is painted: no
      // layout forced in the middle of React's commit (it was 20 ms on a fast phone for the checkout)
      const observer = new ResizeObserver(([entry]) => set(entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight));
      observer.observe(element);
      return () => {
        observer.disconnect();
        stop();
      };
    },
    [property, active],
  );
}
