import { useEffect, useLayoutEffect, useRef, type TouchEvent } from 'react';

/** A horizontal swipe shorter than this is a tap or a scroll, not a swipe. */
const SWIPE_MIN_PX = 50;

const isRtl = (): boolean => document.documentElement.dir === 'rtl';

/**
 * Moving the carousel on: a left swipe on touch screens (a right one in right-to-left layouts) and the
 * arrow key on keyboards. Only forward: the funnel's history rule blocks going back (spec section 2).
 * @returns the touch handlers for the slide element
 */
export function useForwardGestures(onForward: () => void): { onTouchStart: (e: TouchEvent) => void; onTouchEnd: (e: TouchEvent) => void } {
  const start = useRef<{ x: number; y: number } | null>(null);
  // the latest callback, for the listeners; updated after each render (a ref is not written during render)
  const forward = useRef(onForward);
  useLayoutEffect(() => {
    forward.current = onForward;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (e.key === (isRtl() ? 'ArrowLeft' : 'ArrowRight')) forward.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return {
    onTouchStart: (e) => {
      const touch = e.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (e) => {
      const touch = e.changedTouches[0];
      if (!start.current || !touch) return;
      const dx = touch.clientX - start.current.x;
      const dy = touch.clientY - start.current.y;
      start.current = null;
      const isForward = isRtl() ? dx > 0 : dx < 0;
      if (Math.abs(dx) > SWIPE_MIN_PX && Math.abs(dx) > Math.abs(dy) && isForward) forward.current();
    },
  };
}
