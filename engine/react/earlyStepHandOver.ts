/**
 * The hand-over from the copy of a step shown at an early tap (earlyStep.ts) to the step React
 * rendered: loaded only once a copy is shown. It imports nothing: earlyStep.ts passes it the elements
 * and the names of the copy's marks, so it is a file of its own, not one more shared chunk.
 */

/** The attributes the copy marks a changed field and the last tapped button with. */
export interface CopyMarks {
  changed: string;
  tapped: string;
}

/** The fields of a step, in document order (the copy and the step have the same markup). */
const fieldsOf = (main: Element): Array<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement> => [
  ...main.querySelectorAll<HTMLInputElement>('input, select, textarea'),
];
const buttonsOf = (main: Element): HTMLElement[] => [...main.querySelectorAll<HTMLElement>('button, a')];

/** Writes a value the way typing does, so React's onChange sees it (React tracks the value the setter last wrote). */
function typeInto(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, from: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): void {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== (from as HTMLInputElement).checked) field.click();
    return;
  }
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  setter?.call(field, from.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * The copy (`copy`, shown before #root) gives way to the step `stepId` React rendered in #root:
 * when it is the step the copy showed (the same markup), the changed fields are typed into the step's
 * first; then `dismiss` removes the copy and shows #root, and focus goes where it was on the copy and
 * the last tapped button is clicked again (after React has taken the typed values).
 */
export function handOver(copy: HTMLElement, stepId: string, marks: CopyMarks, dismiss: () => void, doc: Document = document): void {
  if (!copy.isConnected) return;
  const shown = copy.querySelector('main[data-step]');
  const root = copy.nextElementSibling;
  const main = root && [...root.querySelectorAll('main[data-step]')].find((el) => el.getAttribute('data-step') === stepId);
  if (!main || shown?.getAttribute('data-step') !== stepId) return dismiss();
  const afterShown = carryOver(shown, main, marks, doc);
  dismiss();
  afterShown();
}

/** Types the copy's changed fields into the step's; returns what to do once #root is shown. */
function carryOver(shown: Element, main: Element, marks: CopyMarks, doc: Document): () => void {
  const [from, to] = [fieldsOf(shown), fieldsOf(main)];
  from.forEach((field, i) => {
    if (field.hasAttribute(marks.changed) && to[i]) typeInto(to[i], field);
  });
  const [copyButtons, buttons] = [buttonsOf(shown), buttonsOf(main)];
  const index = copyButtons.findIndex((button) => button.hasAttribute(marks.tapped));
  const tapped = index >= 0 ? buttons[index] : undefined;
  // focus stays where it was: the field being typed in, the button, or the heading (the inline script focused it)
  const active = doc.activeElement;
  let focus: HTMLElement | undefined;
  if (active && shown.contains(active)) {
    const same = <T extends Element>(list: T[], real: T[]): T | undefined => (list.includes(active as T) ? real[list.indexOf(active as T)] : undefined);
    focus = (same(from as Element[], to as Element[]) ?? same(copyButtons, buttons) ?? main.querySelector('h1')) as HTMLElement | undefined;
  }
  return () => {
    if (focus) {
      if (focus.tagName === 'H1' && !focus.hasAttribute('tabindex')) focus.tabIndex = -1;
      focus.focus({ preventScroll: true });
      // the caret after what was typed (types such as email have no selection to set)
      if (focus instanceof HTMLInputElement || focus instanceof HTMLTextAreaElement) {
        try {
          focus.setSelectionRange(focus.value.length, focus.value.length);
        } catch {
          /* no selection on this input type */
        }
      }
    }
    if (tapped) setTimeout(() => tapped.isConnected && tapped.click(), 0);
  };
}
