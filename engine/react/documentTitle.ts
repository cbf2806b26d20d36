/**
 * The document is named after the step shown: "<heading> · <app name>" (the `a11y.documentTitle`
 * text), the heading being the first h1 of the step's <main data-step>. useStepFocus keeps it so while
 * a step is shown; boot names a prerendered landing the same way before its page view, which carries
 * the step's own title.
 */
import type { TranslateFn } from './translator.ts';
import { EARLY_STEP_ID } from './earlyStep.ts';

/** The step's own <main> (not the copy shown before it was ready: earlyStep.ts). */
export function stepMain(stepId: string, doc: Document = document): HTMLElement | undefined {
  return [...doc.querySelectorAll<HTMLElement>('main[data-step]')].find((el) => el.dataset.step === stepId && !el.closest(`#${EARLY_STEP_ID}`));
}

/**
 * Names the document after the step's heading; false while the step has no heading with text (a lazy
 * screen not rendered yet).
 * @example nameDocument(stepMain('landing')!, t) // document.title = 'Welcome · Family Locator'
 */
export function nameDocument(main: Element, t: TranslateFn, doc: Document = document): boolean {
  const name = main.querySelector('h1')?.textContent?.trim() ?? '';
  if (!name) return false;
  const title = t('a11y.documentTitle', { step: name, app: t('a11y.appName') });
  if (doc.title !== title) doc.title = title;
  return true;
}
