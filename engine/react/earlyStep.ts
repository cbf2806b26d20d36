/**
 * The step after a prerendered landing, shown at the landing's first tap before the app runs.
 *
 * On a slow phone the app's scripts, React's client and the next screen arrive two or three seconds
 * after the first paint. A tap on the landing's button in that time used to wait for all of it. Now
 * the page carries the next step's prerendered markup in a `<template data-early-step>`. The tap shows
 * a copy of it at once (the page's inline swap: engine/build/earlyStepScript.ts), and #root is hidden
 * meanwhile.
 *
 * Behind the copy the app boots as before: it hydrates the landing, replays the held tap and renders
 * the next step itself. When that step's screen is in place, `handOverEarlyStep` carries over what
 * the visitor did on the copy and removes it (earlyStepHandOver.ts):
 * - the fields typed or changed on the copy are written into the real ones, as typing would;
 * - the last button tapped on the copy is clicked on the real step.
 *
 * Until then the copy's buttons do nothing but be remembered, and its form is not submitted.
 *
 * A landing button opts in with `data-fe-next` (EARLY_NEXT_ATTRIBUTE): it must go to the step's
 * default `next`. A page whose HTML is not in the visitor's language, or whose experiment variant is
 * being swapped in, keeps the old way.
 */
/** The attribute of a landing button that moves on to the step's default `next` (the one the template holds). */
export const EARLY_NEXT_ATTRIBUTE = 'data-fe-next';
/** The id of the shown copy: a sibling before #root. */
export const EARLY_STEP_ID = 'fe-early-step';
/** The template attribute naming the step it holds. */
export const EARLY_STEP_TEMPLATE = 'data-early-step';
/** The template attribute listing the experiment variants it is for (space separated); none: every page. */
export const EARLY_STEP_VARIANTS = 'data-variants';
/** What the copy records on its elements: a field the visitor changed, the last button tapped. */
export const CHANGED = 'data-fe-changed';
export const TAPPED = 'data-fe-tapped';
/** The step the copy replaced (the landing hidden in #root): its hydration is not the step shown. */
export const LEFT_STEP = 'data-left-step';
/** The copy's style attributes, renamed at build time: a style attribute in markup is refused by the CSP. */
export const STYLE_DATA = 'data-fe-style';
/** The window property through which the page's swap (engine/build/earlyStepScript.ts) is handed to the app. */
export const EARLY_STEP_GLOBAL = 'feShowNext';

/** Shows the copy for a tap on `button` (through the inline script's swap), if it is of `stepId` when given; whether it did. */
export function showEarlyStep(button: Element, stepId?: string): boolean {
  const swap = (window as unknown as Record<string, ((b: Element, s?: string) => boolean) | undefined>)[EARLY_STEP_GLOBAL];
  const shown = swap?.(button, stepId) ?? false;
  if (shown) preloadHandOverIfShown();
  return shown;
}

/**
 * Once React handles the landing's continue, its navigation shows the copy of the step it goes to
 * too, while the router and the step render behind it (AppRoutes): the tap paints the next step
 * at once instead of after that render, a long task on a slow phone. Nothing when the page has
 * no template of that step.
 */
export function showEarlyStepFor(stepId: string, doc: Document = document): boolean {
  const button = doc.querySelector(`#root [${EARLY_NEXT_ATTRIBUTE}]`);
  return button ? showEarlyStep(button, stepId) : false;
}

/** The hand-over code: loaded only once a copy is shown (not part of the landing's first scripts). */
const loadHandOver = (): Promise<typeof import('./earlyStepHandOver.ts')> => import('./earlyStepHandOver.ts');

/** Starts loading the hand-over code if a copy is shown, so it is there when the step renders. */
export function preloadHandOverIfShown(doc: Document = document): void {
  if (doc.getElementById(EARLY_STEP_ID)) void loadHandOver().catch(() => {});
}

/**
 * Called when a step's screen is in place (StepHost). If a copy is shown and this is not the landing
 * it replaced, the copy gives way to the step (earlyStepHandOver.ts, loaded only now or when the copy
 * was shown); a hand-over that cannot be loaded still removes the copy.
 */
export function handOverEarlyStep(stepId: string, doc: Document = document): void {
  const copy = doc.getElementById(EARLY_STEP_ID);
  if (!copy || copy.getAttribute(LEFT_STEP) === stepId) return;
  const dismiss = (): void => dismissEarlyStep(doc);
  loadHandOver().then((m) => m.handOver(copy, stepId, { changed: CHANGED, tapped: TAPPED }, dismiss, doc), dismiss);
}

/** Whether the copy of a step is shown (the landing hidden behind it). */
export const earlyStepShown = (doc: Document = document): boolean => doc.getElementById(EARLY_STEP_ID) !== null;

/** Removes the copy (if shown) and shows #root again: the app shows something else (an error, a fresh render of the landing). */
export function dismissEarlyStep(doc: Document = document): void {
  const copy = doc.getElementById(EARLY_STEP_ID);
  if (!copy) return;
  if (copy.nextElementSibling instanceof HTMLElement) copy.nextElementSibling.hidden = false;
  copy.remove();
}
