/** The step and variant tags of error reports, read from the route being shown and the store. */
import type { FunnelData } from '../core/flowGraph.ts';
import type { FunnelState } from '../core/store.ts';
import { resolveActiveVariant, variantForPath, type VariantChooser } from '../core/variants.ts';

/** The id of the step a path shows: a step's own path, or the entry step of a landing variant's path. */
export function stepIdForPath(data: FunnelData, pathname: string): string {
  for (const flow of Object.values(data.flows)) {
    for (const [id, step] of Object.entries(flow.steps)) if (step.path === pathname) return id;
  }
  const landing = variantForPath(data.landings, pathname);
  return landing ? (data.flows[landing.variant.flow]?.entry ?? '') : '';
}

/** Reads the tags at the moment an error happens. */
export function errorContextReader(data: FunnelData, store: FunnelState, location: Pick<Location, 'pathname'>, choose?: VariantChooser) {
  return () => ({
    step: stepIdForPath(data, location.pathname),
    variant: resolveActiveVariant(data.landings, location.pathname, store.plans.landingType, choose).id,
  });
}
