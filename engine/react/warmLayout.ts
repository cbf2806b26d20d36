/**
 * A step prepared out of sight (FunnelRoutes) is rendered with `display: none`, which the browser does
 * not lay out: its first layout, when it is shown, would still find the fonts at their sizes and
 * weights, and the step's styles, not yet set up (the family offer at 4x CPU: 12-19 ms, against
 * about 5 ms once they are). So a copy of it is laid out once, invisibly, while the backend answers.
 * The copy is added, laid out and removed within one task: it is never painted and never reaches
 * assistive technology, and the ids it repeats exist for no longer than that.
 */
import { useEffect, type RefObject } from 'react';
import { whenIdle } from './yieldToBrowser.ts';

/** How many idle moments to wait for React to render the prepared step before giving up. */
const TRIES = 20;

/** The hidden host of step `stepId`, once React has rendered its screen into it. */
function renderedHiddenStep(root: ParentNode, stepId: string): HTMLElement | undefined {
  const main = [...root.querySelectorAll<HTMLElement>('main[data-step]')].find((el) => el.dataset.step === stepId && el.style.display === 'none');
  return main && main.childElementCount > 0 && !main.querySelector('.fe-loader') ? main : undefined;
}

/** Lays out an invisible copy of `step` in its place in the page, then removes it. */
export function layOutCopy(step: HTMLElement): void {
  const copy = step.cloneNode(true) as HTMLElement;
  copy.removeAttribute('data-step');
  copy.setAttribute('aria-hidden', 'true');
  copy.inert = true;
  copy.hidden = false;
  // Activity's display: none goes (and `hidden`'s); out of the flow, so nothing on screen moves
  copy.style.cssText = 'position:absolute;top:0;left:0;right:0;visibility:hidden;pointer-events:none';
  step.after(copy);
  void copy.offsetHeight; // style and layout, now
  copy.remove();
}

/**
 * Once the prepared step `stepId` has been rendered (an idle moment after another, React renders it
 * at a low priority), lays out its copy. Returns a cancel for a step no longer prepared.
 */
export function warmPreparedStep(stepId: string, root: ParentNode = document, win: Window = window): () => void {
  let cancel = (): void => {};
  let tries = 0;
  const attempt = (): void => {
    const step = renderedHiddenStep(root, stepId);
    if (step) return layOutCopy(step);
    if (++tries < TRIES) cancel = whenIdle(attempt, win);
  };
  cancel = whenIdle(attempt, win);
  return () => cancel();
}

/**
 * Lays out, once, at an idle moment, an invisible copy of a part kept hidden until a tap shows it (the
 * payment's processing page): the tap then finds its fonts and styles set up, and only shows it.
 * @example const ref = useRef<HTMLDivElement>(null); useWarmLayout(ref, !shown); return <div ref={ref} hidden={!shown}>…</div>;
 */
export function useWarmLayout(ref: RefObject<HTMLElement | null>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    return whenIdle(() => {
      if (ref.current) layOutCopy(ref.current);
    });
  }, [ref, enabled]);
}
