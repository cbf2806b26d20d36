/** The React context that carries the engine to screens: flow data, store, analytics, registry, gateways, backend. */
import { createContext, useContext } from 'react';
import type { Analytics } from '../core/analytics.ts';
import type { FunnelData, StepRef } from '../core/flowGraph.ts';
import type { FunnelState } from '../core/store.ts';
import type { FunnelConfig } from '../core/config.ts';
import type { Assignment } from '../core/experiments.ts';
import type { VariantChooser } from '../core/variants.ts';
import type { AnyScreenRegistry } from './types.ts';
import type { GatewayRegistry } from '../payments/registry.ts';
import type { FunnelBackend } from '../payments/backend.ts';

/** Whether the visitor's full texts have arrived (the first screen needs only its own). */
export interface TextsState {
  complete: boolean;
  failed: boolean;
}

export interface FunnelEngine {
  data: FunnelData;
  steps: Map<string, StepRef>;
  store: FunnelState;
  analytics: Analytics;
  /** The funnel's screen registry, walked by the step's screen type. */
  registry: AnyScreenRegistry;
  config: FunnelConfig;
  texts: TextsState;
  /** The checkout's ways to pay: a registry over the funnel definition's gateway list. */
  gateways: GatewayRegistry;
  /** The product's backend adapter: the payment calls and the payment settings. */
  backend: FunnelBackend;
  /** The variant an experimented path opens for this visitor (none: every path opens its own variant). */
  chooseVariant?: VariantChooser<Assignment>;
  /** The landing path whose arrival boot recorded before React rendered it (arrival.ts); the entry step does not record it again. */
  openedArrival?: string;
  /** Resolves when the downloads of the later steps may start (the first interaction, or a while after a prerendered landing has loaded); unset: now. */
  laterStepsWanted?: Promise<void>;
}

export const EngineContext = createContext<FunnelEngine | null>(null);

/** The engine; throws a clear message when used outside FunnelApp. */
export function useEngine(): FunnelEngine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useEngine() must be used inside <FunnelApp>: render the screen through the engine.');
  return engine;
}
