/** The router chunk (react-router and the funnel's routes), loaded once, on demand. */
import type { ComponentType } from 'react';
import { onceChunk } from './onceChunk.ts';

let loaded: ComponentType | undefined;

/** Loads the router chunk (once); a failed load may be tried again. */
export const loadRouter: () => Promise<ComponentType> = onceChunk(() => import('./BrowserRoutes.tsx').then((mod) => (loaded = mod.default)));

/** The routes component once the chunk has loaded, else undefined. */
export function loadedRouter(): ComponentType | undefined {
  return loaded;
}
