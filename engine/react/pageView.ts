/**
 * A step's page view carries the step's own title. A step arriving by an in-app navigation is
 * recorded before its (lazy) screen has rendered the heading the document is named after
 * (useStepFocus), so its page view waits until the title is set for that step, or at most
 * TITLE_WAIT_MS. A prerendered page already has its title: its view goes at once.
 */

/** The longest a page view waits for its step's title. */
export const TITLE_WAIT_MS = 2000;

let pending: { stepId: string; send: () => void; timer: ReturnType<typeof setTimeout> } | undefined;

function sendPending(): void {
  const view = pending;
  pending = undefined;
  if (!view) return;
  clearTimeout(view.timer);
  view.send();
}

/**
 * Sends `view(title)` once the document is named for `stepId` (at once when `titled`).
 * @example pageViewWhenTitled('checkout', (title) => analytics.page('/checkout', { step: 'checkout', title }), false)
 */
export function pageViewWhenTitled(stepId: string, view: (title: string) => void, titled: boolean): void {
  const title = (): string => (typeof document === 'undefined' ? '' : document.title);
  // the same step recorded twice before its title (StrictMode's second effect) is one view
  if (pending?.stepId === stepId) {
    clearTimeout(pending.timer);
    pending = undefined;
  }
  sendPending(); // an earlier step that never got its title is not lost
  if (titled || typeof document === 'undefined') return view(title());
  pending = { stepId, send: () => view(title()), timer: setTimeout(sendPending, TITLE_WAIT_MS) };
  // a page left before the title came still sends the view (and the events held for it: analytics.ts),
  // before the destinations' own page-hide handlers hand on or beacon what they hold (a capturing
  // listener of the window runs before its other listeners)
  if (!listening && typeof addEventListener === 'function') {
    listening = true;
    addEventListener('pagehide', sendPending, { capture: true });
  }
}

let listening = false;

/**
 * Sends the waiting page view now, with the title the document has: a step whose screen failed will
 * never name the document, and its error report (held until the page view: analytics.ts) must not wait.
 */
export function sendPageViewNow(): void {
  sendPending();
}

/** Told by useStepFocus that the document is now named for `stepId`. */
export function stepTitled(stepId: string): void {
  if (pending?.stepId === stepId) sendPending();
}
