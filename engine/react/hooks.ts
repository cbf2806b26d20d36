/**
 * Hooks for screens: the funnel (next, step, variant), the store snapshot, the active variant. The
 * plain hooks type the store as the engine's slices; a product reads its own slices through the hooks
 * createFunnelHooks types with them.
 */
import { createContext, useContext, useMemo } from 'react';
import { useSnapshot } from 'valtio/react';
import type { Variant } from '../core/flowGraph.ts';
import type { FunnelState } from '../core/store.ts';
import type { Plan, Plans } from '../types/plans.gen.ts';
import { BASE_CURRENCY, catalogueIn } from '../core/currency.ts';
import type { ActiveVariant } from '../core/variants.ts';
import { useEngine } from './context.ts';
import type { StepInfo } from './types.ts';
import { ownValue } from '../core/ownValue.ts';

export interface FunnelStepContext {
  step: StepInfo;
  next: (outcome?: string) => void;
  /**
   * Renders the step that `next(outcome)` will open out of sight, while this step waits for the
   * backend before it moves on: once the answer comes, the move only shows it. Returns the release,
   * for an answer that does not move on (what is still prepared when the step is left goes with it).
   * Nothing is prepared for a screen that does not say it may be (lazyScreen's `preparable`).
   * @example const release = prepareNext(); if (await send()) next(); else release();
   */
  prepareNext: (outcome?: string) => () => void;
  /** The variant this step is shown in, resolved once by StepHost. */
  variant: ActiveVariant;
}

export const StepContext = createContext<FunnelStepContext | null>(null);

/**
 * The current step and the only way to move on.
 * @example const { next } = useFunnel(); next('join');
 */
export function useFunnel(): FunnelStepContext & { store: FunnelState; analytics: ReturnType<typeof useEngine>['analytics'] } {
  const step = useContext(StepContext);
  const engine = useEngine();
  if (!step) throw new Error('useFunnel() must be used inside a screen rendered by the engine (StepHost).');
  return { ...step, store: engine.store, analytics: engine.analytics };
}

/** The mutable store (for event handlers) and a render snapshot of it. */
export function useStore(): { store: FunnelState; snap: ReturnType<typeof useSnapshot<FunnelState>> } {
  const { store } = useEngine();
  return { store, snap: useSnapshot(store) };
}

/** useFunnel and useStore with the store typed as a funnel whose product declares the slices S. */
export interface FunnelHooks<S extends object> {
  useFunnel: () => FunnelStepContext & { store: FunnelState<S>; analytics: ReturnType<typeof useEngine>['analytics'] };
  useStore: () => { store: FunnelState<S>; snap: ReturnType<typeof useSnapshot<FunnelState<S>>> };
}

/**
 * The screen hooks of a product, typed by its slices: the same hooks as useFunnel and useStore (the
 * store the engine holds was created from the same declarations, so the cast only names what it is).
 * @example export const { useFunnel, useStore } = createFunnelHooks<ProductSlices>(); // store.family.name is a string
 */
export function createFunnelHooks<S extends object>(): FunnelHooks<S> {
  return { useFunnel, useStore } as unknown as FunnelHooks<S>;
}

/**
 * The plan catalogue priced in the visitor's currency (store.plans.currency, engine/core/currency.ts):
 * `currency` is the one every price of it is in (the base, USD, where the catalogue has no other).
 * Screens read plans here, never from `data.plans`, so every amount they show is one the visitor is charged.
 * @example const { catalogue } = useCatalogue(); catalogue.upsell.price // in catalogue.currency
 */
export function useCatalogue(): { catalogue: Plans; currency: string } {
  const { data, store } = useEngine();
  const wanted = useSnapshot(store.plans).currency || BASE_CURRENCY;
  const catalogue = catalogueIn(data.plans, wanted);
  return { catalogue, currency: catalogue.currency };
}

/**
 * The variant the current step is shown in (resolved once per step by StepHost, see
 * resolveActiveVariant), with its plans taken from the catalogue in the visitor's currency (useCatalogue).
 * @example const { id, variant, plans } = useVariant();
 */
export function useVariant(): { id: string; variant: Variant; plans: Plan[]; upsell: Plan; currency: string } {
  const { catalogue, currency } = useCatalogue();
  const step = useContext(StepContext);
  if (!step) throw new Error('useVariant() must be used inside a screen rendered by the engine (StepHost).');
  const { id, variant } = step.variant;
  const plans = useMemo(() => variant.plans.map((name) => ownValue(catalogue.plans, name)).filter((p): p is Plan => p !== undefined), [variant, catalogue]);
  return { id, variant, plans, upsell: catalogue.upsell, currency };
}
