/**
 * A prerendered page shows its buttons long before React listens to them: on a slow network the
 * app's script arrives a second or more after the first paint, and hydration comes later still. A
 * tap in that time would be lost (React replays only the events it has seen, from the moment
 * hydration starts), so the visitor would have to tap again.
 *
 * A landing's continue button also shows the next step at once, from its prerendered copy (earlyStep.ts).
 *
 * Two holders keep the last tap on a button inside #root: the page's inline script (from the first
 * paint until the app's script runs: earlyClickScript below) and `holdEarlyClicks` (from then until
 * React listens). The button is clicked again once React listens.
 */

import { EARLY_STEP_GLOBAL, showEarlyStep } from './earlyStep.ts';

/** The window property through which the inline script hands its listener (and the button it holds) to the app. */
export const EARLY_CLICK_GLOBAL = 'feEarlyClick';

/** The inline script's listener: the last button clicked inside #root is kept on it as `target`. */
type InlineHolder = ((event: Event) => void) & { target?: Element };

/**
 * The inline script's part (run before the first paint, see engine/build/html.ts): a capturing click
 * listener on the document that keeps the last button clicked inside #root.
 */
export function earlyClickScript(): string {
  return (
    `(function(){var h=function(e){var b=e.target&&e.target.closest&&e.target.closest('#root button');if(b){h.target=b;` +
    // a landing's continue shows the next step at once (earlyStep.ts)
    `if(window.${EARLY_STEP_GLOBAL})window.${EARLY_STEP_GLOBAL}(b)}};` +
    `document.addEventListener('click',h,true);window.${EARLY_CLICK_GLOBAL}=h})();`
  );
}

export interface EarlyClicks {
  /** Whether a tap is already held (the visitor tapped before the app's script ran). */
  readonly held: boolean;
  /** Stops holding; with `replay`, clicks the held button again (now React handles it, hydrating it first). */
  release: (replay: boolean) => void;
}

/** Takes over from the inline script's holder (if the page has one) and holds taps until `release`. */
export function holdEarlyClicks(root: HTMLElement): EarlyClicks {
  const inline = (window as unknown as Record<string, InlineHolder | undefined>)[EARLY_CLICK_GLOBAL];
  let pending: HTMLElement | undefined;
  if (inline) {
    document.removeEventListener('click', inline, true);
    delete (window as unknown as Record<string, unknown>)[EARLY_CLICK_GLOBAL];
    if (inline.target instanceof HTMLElement && root.contains(inline.target)) pending = inline.target;
  }
  const hold = (event: MouseEvent): void => {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (target && root.contains(target)) {
      pending = target;
      showEarlyStep(target);
    }
  };
  root.addEventListener('click', hold, true);
  return {
    get held() {
      return pending !== undefined;
    },
    release(replay) {
      root.removeEventListener('click', hold, true);
      if (replay && pending?.isConnected) pending.click();
      pending = undefined;
    },
  };
}
