/**
 * Lazy screens with a load time-out: a chunk that fails or takes over 120 s becomes a
 * ChunkLoadError ("Loading chunk failed"), which the step's boundary recovers with at most one reload.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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

/**
 * A screen component loaded on demand, for the registry.
 * @example landing: lazyScreen(() => import('./landing/LandingScreen'))
 */
export function lazyScreen<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadWithTimeout(load));
}
