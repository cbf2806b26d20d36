/**
 * react-dom's client (the reconciler: most of the script React needs), in a chunk of its own. A
 * prerendered landing is complete without it, and evaluating it is one long task on a slow phone, so
 * boot loads it only when React is needed: at once on any other page, at the first interaction (or
 * once the loaded page is idle) on a prerendered landing.
 */
import { onceChunk } from './onceChunk.ts';

type ReactClient = typeof import('react-dom/client');

/**
 * Loads the client chunk (once); a failed load may be tried again. react-dom is CommonJS: a bundle's
 * chunk exports it as `default`, Node's loader names the exports too.
 */
export const loadReactClient: () => Promise<ReactClient> = onceChunk(() =>
  import('react-dom/client').then((mod) => (mod as { default?: ReactClient }).default ?? mod),
);
