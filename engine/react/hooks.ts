/** Hooks for screens: the funnel (next, step, variant), the store snapshot, the active variant. */
import { createContext, useContext } from 'react';
import { useSnapshot } from 'valtio/react';
import type { Variant } from '../core/flowGraph.ts';
import type { FunnelState } from '../core/store.ts';
import type { Plan } from '../types/plans.gen.ts';
import { activeVariant } from '../core/variants.ts';
import { useEngine } from './context.ts';
import type { StepInfo } from './types.ts';

export interface FunnelStepContext {
  step: StepInfo;
  next: (outcome?: string) => void;
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

/** The active variant (from the recorded landing type) with its plans resolved from the catalogue. */
export function useVariant(): { id: string; variant: Variant; plans: Plan[]; upsell: Plan } {
  const { data, store } = useEngine();
  const { plans } = useSnapshot(store);
  const active = activeVariant(data.landings, plans.landingType);
  const list = active.variant.plans.map((name) => data.plans.plans[name]).filter((p): p is Plan => p !== undefined);
  return { ...active, plans: list, upsell: data.plans.upsell };
}
