/**
 * The prerendered page's script loader (run in a bare VM with a stand-in document, clock and frames):
 * the app's scripts are requested after the load event, the first contentful paint (where the browser
 * reports paints) and the next frame, at once on an interaction
 * or a language switch, at the latest LOAD_WAIT_CAP_MS after the document is parsed, the entry never
 * before the document is parsed, and each once.
 */
import { createContext, Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { FRAME_WAIT_CAP_MS, LOAD_WAIT_CAP_MS, scriptLoader, LANGUAGE_SWITCH } from '../../engine/build/index.ts';

const ENTRY = '/static/js/main-ABC.js';
const PRELOADS = ['/static/js/chunk-1.js', '/static/js/chunk-2.js'];
const script = new Script(scriptLoader(ENTRY, PRELOADS));

type Listener = () => void;

/** A page at the moment its head's inline script runs; `added` lists what the script put in <head>. */
function page(options: { languageSwitch?: boolean; paintTiming?: boolean } = {}) {
  const added: string[] = [];
  const listeners = { window: new Map<string, Listener[]>(), document: new Map<string, Listener[]>() };
  const on = (target: Map<string, Listener[]>) => (type: string, fn: Listener) => target.set(type, [...(target.get(type) ?? []), fn]);
  let now = 0;
  let timers: Array<{ at: number; fn: Listener }> = [];
  let frames: Listener[] = [];
  // the browser's paint timing: observers see the paints reported so far (buffered) and every later one
  const paints: string[] = [];
  const observers: Array<(names: string[]) => void> = [];
  class PerformanceObserver {
    static supportedEntryTypes = ['paint', 'resource'];
    constructor(private callback: (list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void) {}
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: 'paint', buffered: true });
      let connected = true;
      const deliver = (names: string[]) => {
        if (connected && names.length) this.callback({ getEntriesByName: (n) => names.filter((x) => x === n) }, { disconnect: () => (connected = false) });
      };
      observers.push(deliver);
      deliver([...paints]);
    }
  }
  const document = {
    readyState: 'loading',
    documentElement: { hasAttribute: (name: string) => options.languageSwitch === true && name === LANGUAGE_SWITCH },
    head: { appendChild: (el: { tag: string; attrs: Record<string, string> }) => added.push(`${el.tag} ${JSON.stringify(el.attrs)}`) },
    createElement: (tag: string) => {
      const attrs: Record<string, string> = {};
      return { tag, attrs, setAttribute: (k: string, v: string) => (attrs[k] = v) };
    },
    addEventListener: on(listeners.document),
  };
  const vm = createContext({
    document,
    addEventListener: on(listeners.window),
    setTimeout: (fn: Listener, ms = 0) => timers.push({ at: now + ms, fn }),
    requestAnimationFrame: (fn: Listener) => frames.push(fn),
    ...(options.paintTiming ? { PerformanceObserver } : {}),
  });
  script.runInContext(vm);
  const fire = (target: Map<string, Listener[]>, type: string) => (target.get(type) ?? []).forEach((fn) => fn());
  const result = {
    added,
    /** Where the entry script is in `added` (-1: not requested). */
    entryAt: () => added.findIndex((a) => a.startsWith('script ')),
    /** How many timer tasks added tags. */
    tasks: 0,
    parsed() {
      document.readyState = 'interactive';
      fire(listeners.document, 'DOMContentLoaded');
    },
    loaded() {
      document.readyState = 'complete';
      fire(listeners.window, 'load');
    },
    interact: (type: string) => fire(listeners.window, type),
    painted(name: string) {
      paints.push(name);
      observers.forEach((deliver) => deliver([name]));
    },
    frame() {
      const due = frames;
      frames = [];
      due.forEach((fn) => fn());
    },
    /** Runs the timers due within `ms`, and those they set that are due by then too. */
    advance(ms: number) {
      now += ms;
      for (let due = timers.filter((t) => t.at <= now); due.length; due = timers.filter((t) => t.at <= now)) {
        timers = timers.filter((t) => t.at > now);
        due.forEach((t) => {
          const before = added.length;
          t.fn();
          if (added.length > before) result.tasks++;
        });
      }
    },
  };
  return result;
}

const preloadTags = PRELOADS.map((href) => `link ${JSON.stringify({ rel: 'modulepreload', href })}`);
const entryTag = `script ${JSON.stringify({ type: 'module', src: ENTRY })}`;

describe('the prerendered page requests the app scripts', () => {
  it('after the load event and the next frame, preloads first, each once', () => {
    const p = page();
    p.parsed();
    p.advance(500);
    expect(p.added).toEqual([]);
    p.loaded();
    p.advance(0);
    expect(p.added).toEqual([]);
    p.frame();
    expect(p.added).toEqual([]);
    p.advance(0);
    expect(p.added).toEqual([...preloadTags, entryTag]);
    // the hidden-tab fallback and the cap find them requested already
    p.advance(LOAD_WAIT_CAP_MS);
    p.interact('pointerdown');
    expect(p.added).toEqual([...preloadTags, entryTag]);
  });

  it('where the browser reports paints, only once the first contentful paint is reported', () => {
    const p = page({ paintTiming: true });
    p.parsed();
    p.painted('first-paint');
    p.loaded();
    p.frame();
    p.advance(FRAME_WAIT_CAP_MS);
    expect(p.added).toEqual([]);
    p.painted('first-contentful-paint');
    p.frame();
    p.advance(0);
    expect(p.added).toEqual([...preloadTags, entryTag]);
  });

  it('where the first contentful paint came before the load event, after the next frame', () => {
    const p = page({ paintTiming: true });
    p.parsed();
    p.painted('first-contentful-paint');
    p.loaded();
    expect(p.added).toEqual([]);
    p.frame();
    p.advance(0);
    expect(p.added).toEqual([...preloadTags, entryTag]);
  });

  it('a page never painted (a tab opened in the background): LOAD_WAIT_CAP_MS after the document is parsed', () => {
    const p = page({ paintTiming: true });
    p.parsed();
    p.loaded();
    p.advance(LOAD_WAIT_CAP_MS - 1);
    expect(p.added).toEqual([]);
    p.advance(1);
    expect(p.added).toEqual([...preloadTags, entryTag]);
  });

  it('a tab hidden between the first paint and the next frame: FRAME_WAIT_CAP_MS after the load event', () => {
    const p = page();
    p.parsed();
    p.loaded();
    p.advance(FRAME_WAIT_CAP_MS - 1);
    expect(p.added).toEqual([]);
    p.advance(1);
    expect(p.added).toEqual([...preloadTags, entryTag]);
  });

  it('at the latest LOAD_WAIT_CAP_MS after the document is parsed when the load event is late', () => {
    const p = page();
    p.parsed();
    p.advance(LOAD_WAIT_CAP_MS - 1);
    expect(p.added).toEqual([]);
    p.advance(1);
    expect(p.added).toEqual([...preloadTags, entryTag]);
  });

  it.each(['pointerdown', 'touchstart', 'keydown'])('at once on %s once the document is parsed', (type) => {
    const p = page();
    p.parsed();
    p.interact(type);
    // each tag in a task of its own, the entry last
    expect(p.added).toEqual([]);
    p.advance(0);
    expect(p.added).toEqual([...preloadTags, entryTag]);
    expect(p.tasks).toBe(PRELOADS.length + 1);
  });

  it('an interaction while the document is still parsed: the preloads at once, the entry once it is parsed', () => {
    const p = page();
    p.interact('keydown');
    p.advance(0);
    expect(p.added).toEqual(preloadTags);
    p.parsed();
    p.advance(0);
    expect(p.added).toEqual([...preloadTags, entryTag]);
  });

  it('a page whose HTML is not in the visitor language (kept hidden): the preloads at once, the entry once it is parsed', () => {
    const p = page({ languageSwitch: true });
    p.advance(0);
    expect(p.added).toEqual(preloadTags);
    expect(p.entryAt()).toBe(-1);
    p.parsed();
    p.advance(0);
    expect(p.added).toEqual([...preloadTags, entryTag]);
    p.loaded();
    p.frame();
    p.advance(LOAD_WAIT_CAP_MS);
    expect(p.added).toHaveLength(PRELOADS.length + 1);
  });
});
