/**
 * A prepared step is hidden with display: none, which the browser does not lay out; warmLayout.ts lays
 * out a copy of it once, in one task, so that its first layout when shown finds fonts and styles ready.
 */
import { useRef } from 'react';
import { render } from '@testing-library/react';
import { layOutCopy, useWarmLayout, warmPreparedStep } from '../../engine/react/routes.ts';

/** A window whose idle callbacks run when the test says so. */
function idleWindow() {
  const queue = new Map<number, () => void>();
  let id = 0;
  const win = {
    requestIdleCallback: (fn: () => void) => {
      queue.set(++id, fn);
      return id;
    },
    cancelIdleCallback: (n: number) => void queue.delete(n),
  } as unknown as Window;
  const runIdle = (): void => {
    const due = [...queue.values()];
    queue.clear();
    for (const fn of due) fn();
  };
  return { win, runIdle, pending: () => queue.size };
}

/** A hidden step host as React's Activity leaves it, with a screen in it (or a loader, or nothing yet). */
function hiddenStep(stepId: string, inner = '<h1 class="fe-title">Your free trial</h1><input id="email">'): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<main class="fe-step" data-step="on-screen"><h1>Signup</h1></main><main class="fe-step fe-step--offer" data-step="${stepId}" style="display: none !important;">${inner}</main>`;
  document.body.append(root);
  return root;
}

/** What was added to `root` while `act` ran, as it was when added, and whether it is still there. */
function watchAdded(root: HTMLElement) {
  const added: { element: HTMLElement; attributes: Record<string, string>; laidOut: boolean }[] = [];
  const observer = new MutationObserver(() => {});
  observer.observe(root, { childList: true, subtree: true });
  return {
    added,
    take: () => {
      for (const record of observer.takeRecords())
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            added.push({ element: node, attributes: Object.fromEntries([...node.attributes].map((a) => [a.name, a.value])), laidOut: false });
      observer.disconnect();
      return added;
    },
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('laying out a prepared step ahead', () => {
  it('lays out an invisible, inert copy without the step id, and removes it within the same task', () => {
    const root = hiddenStep('family-offer');
    const step = root.querySelector<HTMLElement>('main[data-step="family-offer"]')!;
    const watch = watchAdded(root);
    const heights: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      heights.push(`${this.tagName}:${this.isConnected}:${this.style.visibility}`);
      return 0;
    });
    layOutCopy(step);
    const [copy] = watch.take();
    // the layout was asked for while the copy was in the page, invisible
    expect(heights).toEqual(['MAIN:true:hidden']);
    expect(copy!.attributes).toMatchObject({ class: 'fe-step fe-step--offer', 'aria-hidden': 'true' });
    expect(copy!.attributes['data-step']).toBeUndefined();
    expect(copy!.element.inert).toBe(true);
    expect(copy!.attributes.style).toContain('position: absolute');
    expect(copy!.attributes.style).not.toContain('display');
    expect(copy!.element.querySelector('h1')).toHaveTextContent('Your free trial');
    // gone again: the page holds the step on screen and the hidden one, nothing else
    expect(copy!.element.isConnected).toBe(false);
    expect([...root.children].map((el) => el.getAttribute('data-step'))).toEqual(['on-screen', 'family-offer']);
    expect(step.style.display).toBe('none');
  });

  it('waits for React to render the prepared step, lays out its copy once, and stops when cancelled', () => {
    const { win, runIdle, pending } = idleWindow();
    const root = hiddenStep('family-offer', '');
    const laidOut = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(0);
    const done = vi.fn();
    warmPreparedStep('family-offer', root, win, done);
    runIdle(); // the step is not rendered yet: try again at the next idle moment
    expect(laidOut).not.toHaveBeenCalled();
    root.querySelector('main[data-step="family-offer"]')!.innerHTML = '<div class="fe-loader"></div>';
    runIdle(); // only its loader: the screen's code is still on its way
    expect(laidOut).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    root.querySelector('main[data-step="family-offer"]')!.innerHTML = '<h1>Your free trial</h1>';
    runIdle();
    expect(laidOut).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledExactlyOnceWith(true);
    expect(pending()).toBe(0);

    const cancel = warmPreparedStep('circle-joined', root, win);
    expect(pending()).toBe(1);
    cancel();
    expect(pending()).toBe(0);
  });

  it('lays out the copy of a step rendered outside the page beside the step on screen, not beside an early copy', () => {
    const { win, runIdle } = idleWindow();
    Object.assign(win, { document });
    document.body.innerHTML =
      '<div id="fe-early-step"><main data-step="plans"><h1>Early</h1></main></div>' +
      '<div id="root"><main data-step="plans"><h1>Plans</h1></main><main data-step="family-offer" style="display: none !important;"></main></div>';
    const offstage = document.createElement('div');
    offstage.innerHTML = '<main class="fe-step fe-step--checkout" data-step="checkout" style="display: none !important;"><h1>Checkout</h1></main>';
    const places: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      places.push(`${this.parentElement?.id}:after ${this.previousElementSibling?.querySelector('h1')?.textContent}:${this.querySelector('h1')?.textContent}`);
      return 0;
    });
    const done = vi.fn();
    warmPreparedStep('checkout', offstage, win, done);
    runIdle();
    expect(places).toEqual(['root:after Plans:Checkout']);
    expect(done).toHaveBeenCalledExactlyOnceWith(true);
    // the copy is gone and the step rendered outside stays there
    expect(document.body.textContent).not.toContain('Checkout');
    expect(offstage.querySelector('main[data-step="checkout"]')).not.toBeNull();
  });

  it('gives up after twenty idle moments without the rendered step, and says nothing was laid out', () => {
    const { win, runIdle, pending } = idleWindow();
    const root = hiddenStep('family-offer', '<div class="fe-loader"></div>');
    const laidOut = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(0);
    const done = vi.fn();
    warmPreparedStep('family-offer', root, win, done);
    for (let i = 0; i < 19; i++) runIdle();
    expect(done).not.toHaveBeenCalled();
    runIdle();
    expect(done).toHaveBeenCalledExactlyOnceWith(false);
    expect(pending()).toBe(0);
    expect(laidOut).not.toHaveBeenCalled();
  });
});

/** A part kept hidden until a tap shows it, as the checkout keeps its processing page. */
function Kept({ shown }: { shown: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useWarmLayout(ref, !shown);
  return (
    <div ref={ref} className="payment-processing" hidden={!shown}>
      <h2>Confirming your payment with your bank…</h2>
    </div>
  );
}

describe('laying out a hidden part ahead (useWarmLayout)', () => {
  it('lays out a shown, invisible copy of the hidden part once, at an idle moment, and leaves the part hidden', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    vi.stubGlobal('cancelIdleCallback', () => {});
    try {
      const { container } = render(<Kept shown={false} />);
      const part = container.querySelector<HTMLElement>('.payment-processing')!;
      const laidOut: string[] = [];
      vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
        laidOut.push(`${this.isConnected}:${this.hidden}:${this.style.visibility}:${this.getAttribute('aria-hidden')}:${this.textContent}`);
        return 0;
      });
      expect(laidOut).toEqual([]);
      expect(idle).toHaveLength(1);
      idle.shift()!();
      // the copy was in the page, not hidden but invisible, and is gone again
      expect(laidOut).toEqual(['true:false:hidden:true:Confirming your payment with your bank…']);
      expect(container.querySelectorAll('.payment-processing')).toHaveLength(1);
      expect(part.hidden).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does nothing for a part already shown', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    try {
      render(<Kept shown />);
      expect(idle).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
