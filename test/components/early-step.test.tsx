/**
 * The step after a landing, shown from the page's template at a tap before the app runs
 * (engine/react/earlyStep.ts): the inline script's swap, and the hand-over to the step React renders.
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_NEXT_ATTRIBUTE, dismissEarlyStep, earlyClickScript, handOverEarlyStep, holdEarlyClicks } from '../../engine/react/index.ts';
import { earlyStepScript } from '../../engine/build/index.ts';

const NEXT_STEP =
  '<main data-step="phone"><div class="fill" data-fe-style="width:25%"></div><h1>Your phone</h1><input id="n"><button type="submit">Go</button></main>';

/** A prerendered landing at the current path, its continue button, and the next step's template(s). */
function page(templates = `<template data-early-step="phone">${NEXT_STEP}</template>`, variant?: string): { root: HTMLElement; cta: HTMLButtonElement } {
  document.body.innerHTML =
    `<div id="root" data-prerendered="${location.pathname}"${variant ? ` data-variant="${variant}"` : ''}>` +
    `<main data-step="landing"><h1>Welcome</h1><button id="cta" ${EARLY_NEXT_ATTRIBUTE}="">Continue</button><button id="other">Other</button></main></div>` +
    templates;
  return { root: document.getElementById('root')!, cta: document.getElementById('cta') as HTMLButtonElement };
}

const runInlineScripts = (): void => {
  new Function(earlyClickScript())();
  new Function(earlyStepScript())();
};

const copy = (): HTMLElement | null => document.getElementById('fe-early-step');

/** The step as React renders it: a controlled field and a button that submits what it holds. */
function PhoneStep({ onSubmit }: { onSubmit: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <main data-step="phone">
      <div className="fill" />
      <h1>Your phone</h1>
      <input id="real" value={value} onChange={(event) => setValue(event.target.value.toUpperCase())} />
      <button type="button" onClick={() => onSubmit(value)}>
        Go
      </button>
    </main>
  );
}

let reactRoot: Root | undefined;
afterEach(() => {
  act(() => reactRoot?.unmount());
  reactRoot = undefined;
  for (const name of ['feEarlyClick', 'feShowNext']) delete (window as unknown as Record<string, unknown>)[name];
  document.documentElement.removeAttribute('data-lng-switch');
  document.body.innerHTML = '';
});

describe('the next step shown at an early tap', () => {
  it("shows a copy of the template before #root at the landing's continue, and hides #root", () => {
    const { root, cta } = page();
    runInlineScripts();
    cta.click();
    expect(copy()).not.toBeNull();
    expect(copy()!.nextElementSibling).toBe(root);
    expect(root.hidden).toBe(true);
    expect(copy()!.querySelector('main')!.dataset.step).toBe('phone');
    // the style attribute the build renamed (a CSP refuses it in markup) is applied through the CSSOM
    expect((copy()!.querySelector('.fill') as HTMLElement).style.width).toBe('25%');
    expect(document.activeElement?.textContent).toBe('Your phone');
    // the landing's tap is held for the app, as any early tap
    expect(holdEarlyClicks(root).held).toBe(true);
  });

  it('shows nothing for another button, a second time, or while the page waits for its language', () => {
    const { root, cta } = page();
    runInlineScripts();
    document.getElementById('other')!.click();
    expect(copy()).toBeNull();
    document.documentElement.setAttribute('data-lng-switch', '');
    cta.click();
    expect(copy()).toBeNull();
    document.documentElement.removeAttribute('data-lng-switch');
    cta.click();
    expect(copy()).not.toBeNull();
    expect(root.hidden).toBe(true);
    cta.click();
    expect(document.querySelectorAll('#fe-early-step')).toHaveLength(1);
  });

  it('picks the template of the experiment variant shown in #root, and none when no template is for it', () => {
    const templates =
      `<template data-early-step="phone" data-variants="a b"><main data-step="phone"><h1>A</h1></main></template>` +
      `<template data-early-step="phone" data-variants="c"><main data-step="phone"><h1>C</h1></main></template>`;
    page(templates, 'c');
    runInlineScripts();
    document.getElementById('cta')!.click();
    expect(copy()!.querySelector('h1')!.textContent).toBe('C');

    act(() => dismissEarlyStep());
    page(templates, 'd');
    runInlineScripts();
    document.getElementById('cta')!.click();
    expect(copy()).toBeNull();
  });

  it('waits for the full stylesheet it switches on, and gives up when the app rendered a step meanwhile', () => {
    const { root, cta } = page();
    document.head.innerHTML = '<link rel="stylesheet" href="/styles.css" media="print" data-full-styles>';
    const link = document.head.querySelector('link')!;
    runInlineScripts();
    cta.click();
    expect(link.media).toBe('all');
    // the stylesheet is still on its way: the landing stays
    expect(copy()).toBeNull();
    expect(root.hidden).toBe(false);
    link.dispatchEvent(new Event('load'));
    expect(copy()).not.toBeNull();
    expect(root.hidden).toBe(true);

    act(() => dismissEarlyStep());
    delete (window as unknown as Record<string, unknown>).feShowNext;
    page();
    runInlineScripts();
    document.getElementById('cta')!.click();
    // the app was faster: its step is in #root before the stylesheet arrived
    document.querySelector('#root main')!.setAttribute('data-step', 'phone');
    link.dispatchEvent(new Event('load'));
    expect(copy()).toBeNull();
    document.head.innerHTML = '';
  });

  it('the app holder shows it too, for a tap after the app script ran but before React listens', () => {
    const { root, cta } = page();
    runInlineScripts();
    const holder = holdEarlyClicks(root);
    cta.click();
    expect(copy()).not.toBeNull();
    expect(holder.held).toBe(true);
  });

  it('hands over to the rendered step: typed text goes through React, focus stays, the held tap is replayed', async () => {
    const { root, cta } = page();
    runInlineScripts();
    cta.click();
    const field = copy()!.querySelector('input')!;
    field.focus();
    field.value = 'ab12';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    const submit = copy()!.querySelector('button')!;
    const submitted = new Event('click', { bubbles: true, cancelable: true });
    submit.dispatchEvent(submitted);
    // the copy's button only remembers the tap
    expect(submitted.defaultPrevented).toBe(true);

    // React renders the step into the hidden #root (after hydrating the landing there)
    const onSubmit = vi.fn();
    act(() => {
      reactRoot = createRoot(root);
      reactRoot.render(<PhoneStep onSubmit={onSubmit} />);
    });
    // the landing hydrating is not the step shown: nothing changes
    handOverEarlyStep('landing');
    expect(copy()).not.toBeNull();

    handOverEarlyStep('phone');
    await vi.waitFor(() => expect(copy()).toBeNull());
    expect(root.hidden).toBe(false);
    const real = document.getElementById('real') as HTMLInputElement;
    // React's onChange saw the typed text (its handler upper-cases it)
    expect(real.value).toBe('AB12');
    expect(document.activeElement).toBe(real);
    // the held tap, once React has the typed value
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('AB12'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('gives way without carrying anything over when another step is rendered', async () => {
    const { root, cta } = page();
    runInlineScripts();
    cta.click();
    copy()!.querySelector('button')!.click();
    const clicks = vi.fn();
    act(() => {
      reactRoot = createRoot(root);
      reactRoot.render(
        <main data-step="elsewhere">
          <button type="button" onClick={clicks}>
            Go
          </button>
        </main>,
      );
    });
    handOverEarlyStep('elsewhere');
    await vi.waitFor(() => expect(copy()).toBeNull());
    expect(root.hidden).toBe(false);
    expect(clicks).not.toHaveBeenCalled();
  });
});

describe('the hand-over code', () => {
  it('is loaded only when a copy is shown, and hands over through it', async () => {
    const { root, cta } = page();
    runInlineScripts();
    // no copy: nothing happens, nothing is loaded
    handOverEarlyStep('phone');
    cta.click();
    act(() => {
      reactRoot = createRoot(root);
      reactRoot.render(<PhoneStep onSubmit={() => {}} />);
    });
    handOverEarlyStep('phone');
    await vi.waitFor(() => expect(copy()).toBeNull());
    expect(root.hidden).toBe(false);
  });
});
