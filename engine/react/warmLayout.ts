/**
 * A step prepared out of sight (FunnelRoutes) is rendered with `display: none`, which the browser does
 * not lay out: its first layout, when it is shown, would still find the fonts at their sizes and
 * weights, and the step's styles, not yet set up (the family offer at 4x CPU: 12-19 ms, against
 * about 5 ms once they are). So a copy of it is laid out once, invisibly, while the backend answers.
 * The copy is added, laid out and removed within one task: it is never painted and never reaches
 * assistive technology, and the ids it repeats exist for no longer than that.
 */
import { useEffect, type RefObject } from 'react';
import { nextStepId } from '../core/flowGraph.ts';
import type { Step } from '../core/flowTypes.ts';
import type { FunnelEngine } from './context.ts';
import type { EnginePrepare } from './navigation.ts';
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

/** How long a step rendered only to be laid out may take to reach the page before it is given up. */
export const LAYOUT_ONLY_WAIT_MS = 10_000;

/**
 * For a step rendered only to be laid out (FunnelRoutes' `layoutOnly`): lays out its copy as soon as
 * React has put the rendered step in the page, in the microtask right after that commit (a mutation
 * observer), and calls `done(true)` there, so that the render is dropped within the same task: no
 * other task, a visitor's tap, a script or a test reading the page, ever finds it. `done(false)` when
 * it has not come within LAYOUT_ONLY_WAIT_MS. Returns a cancel.
 */
export function layOutOnceRendered(stepId: string, done: (laidOut: boolean) => void, root: Node & ParentNode = document): () => void {
  const tryNow = (): boolean => {
    const step = renderedHiddenStep(root, stepId);
    if (step) layOutCopy(step);
    return step !== undefined;
  };
  if (tryNow()) {
    // already there: the caller hears of it after its own effect, as it would from the observer
    queueMicrotask(() => done(true));
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (!tryNow()) return;
    stop();
    done(true);
  });
  const timer = setTimeout(() => {
    stop();
    done(false);
  }, LAYOUT_ONLY_WAIT_MS);
  const stop = (): void => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(root, { childList: true, subtree: true });
  return stop;
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
