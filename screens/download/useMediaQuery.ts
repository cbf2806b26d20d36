import { useCallback, useSyncExternalStore } from 'react';

/** A desktop or laptop: a fine pointer on a wide screen (phones and most tablets have neither). */
export const DESKTOP_QUERY = '(min-width: 768px) and (pointer: fine)';

/** Whether a media query matches now, updated when it changes; false where matchMedia is missing. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = typeof window !== 'undefined' ? window.matchMedia?.(query) : undefined;
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}
