/**
 * While the visitor reads a step, the browser fetches the screens of the steps it can lead to (every
 * branch) and what each needs at mount (its module's `prefetch`: pictures, a payment provider's code),
 * so the next tap waits for no chunk and no picture. Started when the main thread is idle, so it never
 * competes with the step's own paint or a tap; a tap before then loads the screen as before. On a
 * prerendered landing it waits, like the router and the rest of the texts every later step needs,
 * for the first interaction or 10 s after the page has loaded (boot.tsx): the landing's first seconds
 * stay within their byte budget.
 */
import { nextStepId, nextTargets } from '../core/flowGraph.ts';
import type { Step } from '../core/flowTypes.ts';
import type { FunnelEngine } from './context.ts';
import { whenIdle } from './yieldToBrowser.ts';

/** The longest wait for an idle moment before fetching anyway. */
const IDLE_TIMEOUT_MS = 1500;

type Prefetchable = { preload?: () => Promise<unknown>; prefetch?: (props: unknown, engine: FunnelEngine) => Promise<void> };

/**
 * Starts downloading the screens of every step `step` can lead to, and what each screen's module asks
 * for with those steps' props (each screen once: lazyScreen keeps the download). Resolves once the
 * screen of the step it leads to by default has arrived, or could not (never rejects).
 */
export function preloadNextScreens(engine: FunnelEngine, step: Pick<Step, 'next'>): Promise<void> {
  const byDefault = nextStepId(step.next);
  let defaultLoaded: Promise<unknown> | undefined;
  for (const id of nextTargets(step.next)) {
    const target = engine.steps.get(id);
    const screen = target ? (engine.registry as Record<string, Prefetchable | undefined>)[target.step.screen] : undefined;
    const started = screen?.prefetch ? screen.prefetch(target!.step.props ?? {}, engine) : screen?.preload?.();
    // a failure here resurfaces, reported, when the visitor reaches the step (ChunkErrorBoundary)
    void started?.catch(() => {});
    if (id === byDefault) defaultLoaded = started;
  }
  return Promise.resolve(defaultLoaded).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Starts the downloads for the steps after `step` at the next idle moment once the engine wants the
 * later steps' downloads (engine.laterStepsWanted), then calls `loaded` once the screen of the step
 * it leads to by default has arrived (or failed to); returns a cancel for a step left before then.
 */
export function prefetchNext(engine: FunnelEngine, step: Pick<Step, 'next'>, win: Window = window, loaded?: () => void): () => void {
  let cancelled = false;
  let cancelIdle = (): void => {};
  const start = (): void => {
    if (cancelled) return;
    cancelIdle = whenIdle(() => void preloadNextScreens(engine, step).then(() => cancelled || loaded?.()), win, IDLE_TIMEOUT_MS);
  };
  if (engine.laterStepsWanted) void engine.laterStepsWanted.then(start);
  else start();
  return () => {
    cancelled = true;
    cancelIdle();
  };
}
