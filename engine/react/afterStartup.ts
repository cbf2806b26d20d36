/**
 * Work the first screen does not need (the rest of the texts, analytics deliveries) waits until the
 * visitor first interacts, or until the page has loaded and the browser has been idle for a while,
 * whichever comes first, so it does not compete with the first paint and hydration on a slow mobile device.
 */
// pagehide: a visitor leaving early still gets the held analytics events sent (by beacon)
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'pagehide'] as const;

/** Resolves on the first interaction (or the page being left), or `delayMs` after the load event once the main thread is idle. */
export function afterStartup(delayMs = 3000, win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      for (const type of INTERACTIONS) win.removeEventListener(type, finish, true);
      resolve();
    };
    for (const type of INTERACTIONS) win.addEventListener(type, finish, { capture: true, passive: true });
    const whenIdle = (): void => {
      const idle = (win as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
      win.setTimeout(() => (idle ? idle(finish, { timeout: 2000 }) : finish()), delayMs);
    };
    if (win.document.readyState === 'complete') whenIdle();
    else win.addEventListener('load', whenIdle, { once: true });
  });
}
