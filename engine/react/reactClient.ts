/**
 * react-dom's client (the reconciler: most of the script React needs), in a chunk of its own. A
 * prerendered landing is complete without it, and evaluating it is one long task on a slow phone, so
 * boot loads it only when React is needed: at once on any other page, at the first interaction (or
 * once the loaded page is idle) on a prerendered landing.
 */
type ReactClient = typeof import('react-dom/client');

let pending: Promise<ReactClient> | undefined;

/** Loads the client chunk (once); a failed load may be tried again. */
export function loadReactClient(): Promise<ReactClient> {
  // react-dom is CommonJS: a bundle's chunk exports it as `default`, Node's loader names the exports too
  pending ??= import('react-dom/client').then(
    (mod) => (mod as { default?: ReactClient }).default ?? mod,
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}
