import { useCallback } from 'react';

/**
 * A ref callback that keeps a CSS custom property of `<html>` at its element's height while the
 * element is mounted and `active` (and removes it after), so that the page can make room for an
 * element fixed or stuck over it: padding for the consent banner, `scroll-padding` so that a focused
 * field never scrolls under the checkout's Pay bar. A callback, not an effect on a ref object: the
 * element can be replaced under the same component (the checkout's gateway wraps it once it loads).
 * @example <div ref={useHeightOnRoot('--fe-pay-bar-room')} />
 */
export function useHeightOnRoot(property: string, active = true): (element: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (element: HTMLElement | null) => {
      if (!active || !element) return undefined;
      const root = document.documentElement;
      const measure = (): void => root.style.setProperty(property, `${element.offsetHeight}px`);
      measure();
      const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
      observer?.observe(element);
      return () => {
        observer?.disconnect();
        root.style.removeProperty(property);
      };
    },
    [property, active],
  );
}
