/**
 * Lazy screens with a load time-out: a chunk that fails or takes over 120 s becomes a
 * ChunkLoadError ("Loading chunk failed"), which the step's boundary recovers with at most one reload.
 */
import { createElement, lazy, type Attributes, type ComponentType, type FunctionComponent } from 'react';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('Loading chunk failed');
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

/** Rejects with ChunkLoadError when `load` fails or does not settle within `timeoutMs`. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (mod) => {
        clearTimeout(timer);
        resolve(mod);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/** A lazy screen that can start downloading before React asks for it. */
export type LazyScreen<P> = FunctionComponent<P> & { preload: () => Promise<unknown> };

/**
 * A screen component loaded on demand, for the registry. `preload()` starts the same download early
 * (boot does it for the route being opened, in parallel with the texts and the stored state). Once
 * loaded, the screen renders at once instead of suspending: hydrating the prerendered entry screen
 * after its preload then matches the server's HTML in one pass.
 * @example landing: lazyScreen(() => import('./landing/LandingScreen'))
 */
export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const start = (): Promise<{ default: ComponentType<P> }> =>
    (pending ??= loadWithTimeout(load).then((mod) => {
      loaded = mod.default;
      return mod;
    }));
  const Lazy = lazy(start);
  const Screen: FunctionComponent<P> = (props) => createElement((loaded ?? Lazy) as FunctionComponent<Attributes>, props as Attributes);
  return Object.assign(Screen, { preload: start });
}
