/**
 * While the visitor reads a step, the browser fetches what the next tap needs: the screens of the
 * steps it can lead to (every branch), and once, everything any later step needs (the router chunk,
 * the rest of the texts with their font faces: engine.warmUp). Started when the main thread is idle,
 * so it never competes with the step's own paint or a tap; a tap before then loads them as before.
 */
import { nextTargets } from '../core/flowGraph.ts';
import type { Step } from '../core/flowTypes.ts';
import type { FunnelEngine } from './context.ts';

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void };

/** The longest wait for an idle moment before fetching anyway. */
const IDLE_TIMEOUT_MS = 1500;

/** Starts downloading the screens of every step `step` can lead to (each once: lazyScreen keeps the download). */
export function preloadNextScreens(engine: Pick<FunnelEngine, 'steps' | 'registry'>, step: Pick<Step, 'next'>): void {
  for (const id of nextTargets(step.next)) {
    const target = engine.steps.get(id);
    const screen = target ? (engine.registry as Record<string, { preload?: () => Promise<unknown> } | undefined>)[target.step.screen] : undefined;
    // a failure here resurfaces, reported, when the visitor reaches the step (ChunkErrorBoundary)
    void screen?.preload?.().catch(() => {});
  }
}

/** Starts the downloads for the steps after `step` at the next idle moment; returns a cancel for a step left before then. */
export function prefetchNext(engine: FunnelEngine, step: Pick<Step, 'next'>, win: IdleWindow = window): () => void {
  const run = (): void => {
    engine.warmUp?.();
    preloadNextScreens(engine, step);
  };
  if (win.requestIdleCallback) {
    const id = win.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => win.cancelIdleCallback?.(id);
  }
  const timer = win.setTimeout(run, 200);
  return () => win.clearTimeout(timer);
}
