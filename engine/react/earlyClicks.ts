/**
 * A prerendered page shows its buttons before React listens to them. A click between the start of
 * the app's script and the hydration call would be lost (React replays only the events it has seen,
 * and it starts listening when hydration starts), so the visitor would have to tap again. This holds
 * the last such click on a button inside the root and replays it once React listens.
 */
export function holdEarlyClicks(root: HTMLElement): { release: (replay: boolean) => void } {
  let pending: HTMLElement | undefined;
  const hold = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (target && root.contains(target)) pending = target;
  };
  root.addEventListener('click', hold, true);
  return {
    /** Stops holding; with `replay`, clicks the held button again (now React handles it, hydrating it first). */
    release(replay) {
      root.removeEventListener('click', hold, true);
      if (replay && pending?.isConnected) pending.click();
      pending = undefined;
    },
  };
}
