/** Hooks for screens: the funnel (next, step, variant), the store snapshot, the active variant. */
import { createContext, useContext, useMemo } from 'react';
import { useSnapshot } from 'valtio/react';
import type { Variant } from '../core/flowGraph.ts';
import type { FunnelState } from '../core/store.ts';
import type { Plan } from '../types/plans.gen.ts';
import type { ActiveVariant } from '../core/variants.ts';
import { useEngine } from './context.ts';
import type { StepInfo } from './types.ts';
import { ownValue } from '../core/ownValue.ts';

export interface FunnelStepContext {
  step: StepInfo;
  next: (outcome?: string) => void;
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

/**
 * The variant the current step is shown in (resolved once per step by StepHost, see
 * resolveActiveVariant), with its plans taken from the catalogue.
 * @example const { id, variant, plans } = useVariant();
 */
export function useVariant(): { id: string; variant: Variant; plans: Plan[]; upsell: Plan } {
  const { data } = useEngine();
  const step = useContext(StepContext);
  if (!step) throw new Error('useVariant() must be used inside a screen rendered by the engine (StepHost).');
  const { id, variant } = step.variant;
  const plans = useMemo(() => variant.plans.map((name) => ownValue(data.plans.plans, name)).filter((p): p is Plan => p !== undefined), [variant, data.plans]);
  return { id, variant, plans, upsell: data.plans.upsell };
}
