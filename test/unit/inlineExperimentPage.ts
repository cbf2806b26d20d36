/**
 * Runs the page's inline experiment script (engine/build/experimentScript.ts) in a bare VM with a
 * stand-in document, as a browser would before the first paint: its cookie, <html lang>, storage and
 * address are the test's. Tells which variant #root ends up with.
 */
import { createContext, Script } from 'node:vm';
import { EXPERIMENT_SWAP } from '../../engine/build/index.ts';
import { MemoryStorage } from './memoryStorage.ts';

export interface InlinePage {
  swapDuring: string | null;
  rootVariant: string | null;
  rootChildren: unknown;
  session: MemoryStorage;
  /** Whether the script showed #root again once the page was parsed. */
  shownAgain: boolean;
}

export interface PageOptions {
  cookie?: string;
  lang?: string;
  local?: MemoryStorage;
  session?: MemoryStorage;
  /** The variant prerendered in #root (the path's own). */
  own?: string;
}

type PageGlobals = (document: unknown, location: unknown, localStorage: unknown, sessionStorage: unknown) => void;

/**
 * A runner for one script: compiled once in one VM as a function of the page's globals, so each run is
 * a call (making a context and running a script per visitor made 10,000-id comparisons take a minute).
 */
export function inlineRunner(source: string): (url: string, options?: PageOptions) => InlinePage {
  const vm = createContext({ URLSearchParams, crypto: globalThis.crypto });
  const run = new Script(`(function (document, location, localStorage, sessionStorage) {\n${source}\n})`).runInContext(vm) as PageGlobals;
  return (url, options = {}) => {
    const attributes = new Map<string, string>();
    const listeners: Array<() => void> = [];
    const own = options.own ?? 'latam';
    const root = { variant: own as string | null, children: `${own} markup` as unknown };
    const session = options.session ?? new MemoryStorage();
    const { pathname, search } = new URL(url, 'https://funnel.test');
    const document = {
      cookie: options.cookie ?? '',
      documentElement: {
        lang: options.lang ?? 'en',
        setAttribute: (k: string, v: string) => attributes.set(k, v),
        removeAttribute: (k: string) => attributes.delete(k),
      },
      addEventListener: (type: string, fn: () => void) => type === 'readystatechange' && listeners.push(fn),
      getElementById: (id: string) =>
        id === 'root'
          ? {
              getAttribute: () => root.variant,
              setAttribute: (_k: string, v: string) => (root.variant = v),
              replaceChildren: (c: unknown) => (root.children = c),
            }
          : null,
      querySelector: (selector: string) => {
        const m = /^template\[data-variant="(\w+)"\]$/.exec(selector);
        return m && m[1] !== own ? { content: `${m[1]} markup` } : null;
      },
    };
    run(document, { pathname, search }, options.local ?? new MemoryStorage(), session);
    const swapDuring = attributes.get(EXPERIMENT_SWAP) ?? null;
    for (const fn of listeners) fn();
    return { swapDuring, rootVariant: root.variant, rootChildren: root.children, session, shownAgain: !attributes.has(EXPERIMENT_SWAP) };
  };
}
