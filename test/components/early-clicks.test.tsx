/**
 * A tap on a prerendered button is never lost: the page's inline script holds it from the first
 * paint, the app's holder takes over when its script runs, and the button is clicked again once
 * React listens.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyClickScript, holdEarlyClicks } from '../../engine/react/index.ts';

/** A prerendered page: #root with two buttons, and a button outside it. */
function page(): { root: HTMLElement; first: HTMLButtonElement; second: HTMLButtonElement; outside: HTMLButtonElement } {
  document.body.innerHTML =
    '<div id="root"><main><button id="first"><span>Continue</span></button><button id="second">Skip</button></main></div><button id="outside">x</button>';
  const get = (id: string) => document.getElementById(id) as HTMLButtonElement;
  return { root: get('root'), first: get('first'), second: get('second'), outside: get('outside') };
}

/** Runs the inline script as the page's head would. */
const runInlineScript = (): void => new Function(earlyClickScript())();

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).feEarlyClick;
  document.body.innerHTML = '';
});

describe('early clicks', () => {
  it('replays a tap made before the app ran (held by the inline script) once React listens', () => {
    const { root, first } = page();
    runInlineScript();
    first.querySelector('span')!.click();
    const clicks = vi.fn();
    const holder = holdEarlyClicks(root);
    expect(holder.held).toBe(true);
    first.addEventListener('click', clicks);
    holder.release(true);
    expect(clicks).toHaveBeenCalledTimes(1);
  });

  it('keeps only the last tap, takes over from the inline script, and replays nothing after release(false)', () => {
    const { root, first, second, outside } = page();
    runInlineScript();
    first.click();
    outside.click();
    const holder = holdEarlyClicks(root);
    second.click();
    const firstClicks = vi.fn();
    const secondClicks = vi.fn();
    first.addEventListener('click', firstClicks);
    second.addEventListener('click', secondClicks);
    holder.release(true);
    expect(firstClicks).not.toHaveBeenCalled();
    expect(secondClicks).toHaveBeenCalledTimes(1);

    // released: neither the app's holder nor the inline one keeps anything now
    second.click();
    const again = holdEarlyClicks(root);
    expect(again.held).toBe(false);
  });

  it('holds nothing for a tap outside #root, or on a page without the inline script', () => {
    const { root, outside, first } = page();
    runInlineScript();
    outside.click();
    expect(holdEarlyClicks(root).held).toBe(false);

    delete (window as unknown as Record<string, unknown>).feEarlyClick;
    const holder = holdEarlyClicks(root);
    expect(holder.held).toBe(false);
    first.click();
    expect(holder.held).toBe(true);
    const clicks = vi.fn();
    first.addEventListener('click', clicks);
    holder.release(false);
    expect(clicks).not.toHaveBeenCalled();
  });
});
