import { useEffect, useRef } from 'react';

/**
 * An AbortSignal that aborts when the screen unmounts (a running purchase stops polling). Created in
 * the effect, so StrictMode's test unmount does not leave an aborted signal behind.
 */
export function useUnmountSignal(): () => AbortSignal | undefined {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const c = new AbortController();
    controller.current = c;
    return () => c.abort();
  }, []);
  return () => controller.current?.signal;
}
