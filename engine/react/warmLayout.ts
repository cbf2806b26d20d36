/**
 * A step prepared out of sight (FunnelRoutes) is rendered with `display: none`, which the browser does
 * not lay out: its first layout, when it is shown, would still find the fonts at their sizes and
 * weights, and the step's styles, not yet set up (the family offer at 4x CPU: 12-19 ms, against
 * about 5 ms once they are). So a copy of it is laid out once, invisibly: while the backend answers
 * (a step prepared for a move), or while the step before is read (the next step, rendered outside the
 * page only for this: layOutNextAhead). The copy is added, laid out and removed within one task: it is
 * never painted and never reaches assistive technology, and the ids it repeats exist for no longer
 * than that. Only the router's chunk uses this module (and the checkout, useWarmLayout): not the
 * landing's first scripts.
 */
import { useEffect, type RefObject } from 'react';
import { nextStepId } from '../core/flowGraph.ts';
import type { Step } from '../core/flowTypes.ts';
import type { FunnelEngine } from './context.ts';
import type { EnginePrepare } from './navigation.ts';
import { whenIdle } from './yieldToBrowser.ts';
import { EARLY_STEP_ID } from './earlyStep.ts';

/** How many idle moments to wait for React to render the prepared step before giving up. */
const TRIES = 20;

/** The hidden host of step `stepId`, once React has rendered its screen into it. */
function renderedHiddenStep(root: ParentNode, stepId: string): HTMLElement | undefined {
  const main = [...root.querySelectorAll<HTMLElement>('main[data-step]')].find((el) => el.dataset.step === stepId && el.style.display === 'none');
  return main && main.childElementCount > 0 && !main.querySelector('.fe-loader') ? main : undefined;
}

/**
 * Lays out an invisible copy of `step` in the page, then removes it: in the step's own place, or just
 * after `place` (the step on screen) for a step rendered outside the page.
 */
export function layOutCopy(step: HTMLElement, place: Element = step): void {
  const copy = step.cloneNode(true) as HTMLElement;
  copy.removeAttribute('data-step');
  copy.setAttribute('aria-hidden', 'true');
  copy.inert = true;
  copy.hidden = false;
  // Activity's display: none goes (and `hidden`'s); out of the flow, so nothing on screen moves
  copy.style.cssText = 'position:absolute;top:0;left:0;right:0;visibility:hidden;pointer-events:none';
  place.after(copy);
  void copy.offsetHeight; // style and layout, now
  copy.remove();
}

/** The step on screen in #root's tree (not the early copy of a step shown before the app ran, earlyStep.ts). */
export function stepOnScreen(doc: Document = document): HTMLElement | undefined {
  return [...doc.querySelectorAll<HTMLElement>('main[data-step]')].find((el) => el.style.display !== 'none' && !el.closest(`#${EARLY_STEP_ID}`));
}

/**
 * Once the prepared step `stepId` has been rendered into `root` (an idle moment after another, React
 * renders it at a low priority), lays out its copy, then calls `done(true)` (`done(false)` when it
 * gives up waiting). A `root` outside the page (a step rendered only to be laid out, FunnelRoutes) has
 * its copy laid out beside the step on screen. Returns a cancel for a step no longer prepared.
 */
export function warmPreparedStep(stepId: string, root: ParentNode = document, win: Window = window, done?: (laidOut: boolean) => void): () => void {
  let cancel = (): void => {};
  let tries = 0;
  const attempt = (): void => {
    const step = renderedHiddenStep(root, stepId);
    const place = step?.isConnected ? step : stepOnScreen(win.document);
    if (step && place) layOutCopy(step, place);
    if (step || ++tries >= TRIES) return done?.(step !== undefined);
    cancel = whenIdle(attempt, win);
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

/**
 * The step `step` leads to by default, rendered out of sight once while `step` is read, laid out on a
 * copy, and dropped (EnginePrepare's `layoutOnly`): the tap that opens it finds the fonts at its sizes
 * and weights, and its styles, set up (the checkout's first layout at 4x CPU: 21-26 ms cold). Only a
 * screen whose module says its render may be thrown away (`warmable`, lazyScreen.ts), whose code is
 * here, and of another type than `step`'s; each screen type once (FunnelRoutes). Only where the
 * browser tells idle time (requestIdleCallback): the extra render must not meet a tap.
 * Returns the cancel for a step left before then.
 */
export function layOutNextAhead(
  engine: Pick<FunnelEngine, 'steps' | 'registry'>,
  step: Pick<Step, 'next' | 'screen'>,
  prepare: EnginePrepare,
  win: Window = window,
): () => void {
  if (typeof (win as Window & { requestIdleCallback?: unknown }).requestIdleCallback !== 'function') return () => {};
  const target = engine.steps.get(nextStepId(step.next) ?? '')?.step;
  const screen = target ? (engine.registry as Record<string, { warmable?: () => boolean } | undefined>)[target.screen] : undefined;
  if (!target?.path || target.screen === step.screen || !screen?.warmable?.()) return () => {};
  const path = target.path;
  let release = (): void => {};
  const cancel = whenIdle(() => (release = prepare(path, { layoutOnly: true })), win);
  return () => {
    cancel();
    release();
  };
}
