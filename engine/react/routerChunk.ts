/** The router chunk (react-router and the funnel's routes), loaded once, on demand. */
import type { ComponentType } from 'react';

let loaded: ComponentType | undefined;
let pending: Promise<ComponentType> | undefined;

/** Loads the router chunk (once); a failed load may be tried again. */
export function loadRouter(): Promise<ComponentType> {
  pending ??= import('./BrowserRoutes.tsx').then(
    (mod) => (loaded = mod.default),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The routes component once the chunk has loaded, else undefined. */
export function loadedRouter(): ComponentType | undefined {
  return loaded;
}
