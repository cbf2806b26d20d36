/**
 * Which step every address opens: one entry per variant path (its flow's entry step) and per step
 * path. Built from the flow data alone, in an order of its own (by path), so the routes never depend
 * on the order in which the flow files were read; two things claiming one path is an error here
 * (the validator reports it as duplicate-path first), never a silent "first one wins".
 */
import { getVariant, indexSteps, variantIds, type FunnelData, type StepRef } from './flowGraph.ts';

/** One address and the step it opens. */
export interface RouteEntry {
  path: string;
  stepId: string;
  /** The variant whose landing path this is; absent for a step's own path. */
  variantId?: string;
}

/**
 * Flow data whose parts contradict each other (a path claimed twice, a variant without its flow).
 * A plain Error with this name, not a subclass: a class that extends Error counts as a side effect
 * for the bundler, which would then load this module with every page that imports the engine.
 */
export const FLOW_CONFLICT = 'FlowConflictError';
const conflict = (message: string): Error => Object.assign(new Error(message), { name: FLOW_CONFLICT });

/**
 * The route table of a funnel, sorted by path.
 * @example routeTable(data).find((r) => r.path === '/discount') // { path: '/discount', stepId: 'landing', variantId: 'discount' }
 */
export function routeTable(data: FunnelData, steps: Map<string, StepRef> = indexSteps(data.flows)): RouteEntry[] {
  const byPath = new Map<string, RouteEntry>();
  const claimedBy = (entry: RouteEntry): string => (entry.variantId === undefined ? `step "${entry.stepId}"` : `variant "${entry.variantId}"`);
  const add = (entry: RouteEntry): void => {
    const taken = byPath.get(entry.path);
    if (taken) throw conflict(`path ${entry.path} is claimed by ${claimedBy(taken)} and by ${claimedBy(entry)}`);
    byPath.set(entry.path, entry);
  };
  for (const variantId of [...variantIds(data.landings)].sort()) {
    const variant = getVariant(data.landings, variantId)!;
    const flow = data.flows[variant.flow];
    if (!flow) throw conflict(`variant "${variantId}" opens flow "${variant.flow}", which does not exist`);
    for (const path of variant.paths) add({ path, stepId: flow.entry, variantId });
  }
  for (const ref of [...steps.values()].sort((a, b) => a.id.localeCompare(b.id))) {
    if (ref.step.path !== undefined) add({ path: ref.step.path, stepId: ref.id });
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
