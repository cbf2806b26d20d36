import { useEffect } from 'react';
import { stepTitled } from './pageView.ts';
import { useTexts } from './translator.ts';
import { useEngine, type FunnelEngine } from './context.ts';
import { nameDocument, stepMain } from './documentTitle.ts';
import { whenIdle } from './yieldToBrowser.ts';

/**
 * The step shown when the document loaded. Focus is moved only after the visitor has gone on to
 * another step: on a page load the browser already starts keyboard and screen-reader users at the
 * top of the document (which is where the heading sits), and taking focus then would skip content
 * such as the skip links and landmarks a screen reader announces on arrival (WCAG 2.4.3 focus
 * order, 3.2.1 on focus: no change of context the visitor did not ask for). After an in-app
 * navigation nothing moves focus by itself, so without this a screen-reader user would be left on
 * the removed button with nothing announced (WCAG 2.4.3, 4.1.3).
 */
interface PageLoad {
  step: string;
  navigated: boolean;
}
/** Per running funnel: one engine is made per page load (and per rendered test funnel). */
const pageLoads = new WeakMap<FunnelEngine, PageLoad>();

/** The first level-one heading of the step, once the (lazy) screen has rendered it. */
function stepHeading(main: Element): HTMLElement | null {
  return main.querySelector('h1');
}

/**
 * Names the document after the step ("<heading> · <app name>", translated) and, after an in-app
 * navigation, moves focus to the step's heading once the step is painted (tabIndex -1, so it can
 * take focus without joining the tab order). The heading is found as the first h1 inside the step's
 * <main data-step>, so any screen that renders a title gets this without code of its own. The title
 * follows the heading's text while the step is shown (a screen that shows several questions in turn
 * renames the page).
 * @example useStepFocus(stepId) // in the component that renders <main data-step={stepId}>
 */
export function useStepFocus(stepId: string): void {
  const { t, language } = useTexts();
  const engine = useEngine();

  useEffect(() => {
    let pageLoad = pageLoads.get(engine);
    if (!pageLoad) pageLoads.set(engine, (pageLoad = { step: stepId, navigated: false }));
    else if (stepId !== pageLoad.step) pageLoad.navigated = true;
    const { navigated } = pageLoad;
    // the step React renders, not the copy shown before it was ready (earlyStep.ts)
    const main = stepMain(stepId);
    if (!main) return undefined;
    let focused = !navigated;
    // the step was left (or re-rendered with other texts) before its painted frame came
    let left = false;
    const update = (): void => {
      const heading = stepHeading(main);
      if (!heading) return;
      if (nameDocument(main, t)) stepTitled(stepId); // the step's page view waited for its title
      if (!focused) {
        focused = true;
        // once the step is painted and the page is idle: focusing needs the page's style and layout,
        // which would otherwise be computed here, in the task that renders the step, and once more by
        // its frame; right after the paint it would hold up the next frame (10-15 ms at 4x CPU)
        whenIdle(() => {
          // the visitor is already inside the step (typing in a field of the copy shown before it: earlyStep.ts)
          if (left || !heading.isConnected || main.contains(document.activeElement)) return;
          if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
          heading.focus({ preventScroll: true });
        });
      }
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    return () => {
      left = true;
      observer.disconnect();
    };
  }, [engine, stepId, t, language]);
}
