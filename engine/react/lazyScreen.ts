/**
 * Lazy screens with a load time-out: a chunk that fails or takes over 120 s becomes a
 * ChunkLoadError ("Loading chunk failed"), which the step's boundary recovers with at most one reload.
 */
import { createElement, lazy, type Attributes, type ComponentType, type FunctionComponent } from 'react';
import type { FunnelEngine } from './context.ts';

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

/** The props a step gives its screen (`ScreenProps<X>`'s `props`). */
type StepPropsOf<P> = P extends { props: infer X } ? X : unknown;

/**
 * What a screen module may export beside its component, as `prefetch`: starts downloading what the
 * screen needs as soon as it mounts beyond its own code (its pictures, a payment provider's code), for
 * a step the visitor may open next. Called while the visitor reads the step before; it must not
 * change state or call the backend.
 * @example export const prefetch: ScreenPrefetch<FeatureIntroProps> = (props) => prefetchArt(props.image);
 */
export type ScreenPrefetch<X> = (props: X, engine: FunnelEngine) => void;

/** A lazy screen that can start downloading before React asks for it. */
export type LazyScreen<P> = FunctionComponent<P> & {
  /** Downloads the screen's code. */
  preload: () => Promise<unknown>;
  /** Downloads the screen's code, then what its module's `prefetch` names for these props. */
  prefetch: (props: StepPropsOf<P>, engine: FunnelEngine) => Promise<void>;
  /** Whether the screen's code has arrived and its module says it may be rendered out of sight (`preparable`). */
  preparable: () => boolean;
  /** Whether the screen's code has arrived and its module says its render may be done once and thrown away (`warmable`, or `preparable`). */
  warmable: () => boolean;
};

/**
 * A screen module's component, and beside it what it may export:
 * - `prefetch` (ScreenPrefetch);
 * - `preparable = true`: the screen may be rendered out of sight before it is shown, while the step
 *   before waits for the backend (FunnelStepContext.prepareNext). Its render must then take nothing
 *   that depends on when it is shown (the clock, something stored by the step before): anything of
 *   that kind is taken in an effect, which runs when the screen is shown;
 * - `warmable = true`: the screen's render changes nothing (no store written, no call, nothing started
 *   in a state's initial value), so the engine may render it once out of sight while the step before
 *   is read, lay it out, and throw that render away (StepHost): its first layout, in the tap that opens
 *   it, then finds its fonts and styles set up. A preparable screen is warmable.
 */
type ScreenModule<P> = { default: ComponentType<P>; prefetch?: ScreenPrefetch<StepPropsOf<P>>; preparable?: boolean; warmable?: boolean };

/**
 * A screen component loaded on demand, for the registry. `preload()` starts the same download early
 * (boot does it for the route being opened, in parallel with the texts and the stored state). Once
 * loaded, the screen renders at once instead of suspending: hydrating the prerendered entry screen
 * after its preload then matches the server's HTML in one pass.
 * @example landing: lazyScreen(() => import('./landing/LandingScreen'))
 */
export function lazyScreen<P>(load: () => Promise<ScreenModule<P>>): LazyScreen<P> {
  let pending: Promise<ScreenModule<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  let preparable = false;
  let warmable = false;
  const start = (): Promise<ScreenModule<P>> =>
    (pending ??= loadWithTimeout(load).then((mod) => {
      loaded = mod.default;
      preparable = mod.preparable === true;
      warmable = preparable || mod.warmable === true;
      return mod;
    }));
  const Lazy = lazy(start);
  const Screen: FunctionComponent<P> = (props) => createElement((loaded ?? Lazy) as FunctionComponent<Attributes>, props as Attributes);
  const prefetch = async (props: StepPropsOf<P>, engine: FunnelEngine): Promise<void> => {
    const mod = await start();
    mod.prefetch?.(props, engine);
  };
  return Object.assign(Screen, { preload: start, prefetch, preparable: () => preparable, warmable: () => warmable });
}
