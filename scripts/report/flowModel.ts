/**
 * The funnel as the report and the simulator see it, read from the flow files: for each landing
 * variant, its steps in walking order (breadth-first from the flow's entry, the variant's overrides
 * applied), each with its route, its depth, the steps that lead to it and where each outcome goes.
 * Nothing here names a step: every list comes from flows/.
 */
import { getVariant, indexSteps, nextTargets, resolveStep, variantIds, type FunnelData } from '../../engine/index.ts';
import type { Next } from '../../engine/core/flowTypes.ts';

export interface FunnelStep {
  id: string;
  flowId: string;
  screen: string;
  /** The step's route; the entry step's is the variant's first path. */
  path: string;
  /** Steps from the entry on the shortest walk (the entry is 0). */
  depth: number;
  /** Steps whose `next` leads here (for the variant). */
  from: string[];
  /** outcome -> step id ("default" for a single `next`). */
  outcomes: Record<string, string>;
}

export interface LandingFunnel {
  landingType: string;
  flowId: string;
  paths: string[];
  steps: FunnelStep[];
}

const outcomesOf = (next: Next | undefined): Record<string, string> => (next === undefined ? {} : typeof next === 'string' ? { default: next } : { ...next });

/** The steps a visitor of `landingType` can walk, in breadth-first order from the flow's entry. */
export function landingFunnel(data: FunnelData, landingType: string): LandingFunnel {
  const variant = getVariant(data.landings, landingType);
  if (!variant) throw new Error(`"${landingType}" is not a landing variant of flows/landings.json`);
  const flow = data.flows[variant.flow];
  if (!flow) throw new Error(`landing "${landingType}" runs flow "${variant.flow}", which is not in flows/`);
  const index = indexSteps(data.flows);
  const steps = new Map<string, FunnelStep>();
  const queue = [flow.entry];
  const add = (id: string, depth: number): void => {
    const ref = index.get(id);
    if (!ref) return;
    const step = resolveStep(ref.step, id, variant);
    steps.set(id, { id, flowId: ref.flowId, screen: step.screen, path: step.path ?? variant.paths[0] ?? '', depth, from: [], outcomes: outcomesOf(step.next) });
  };
  add(flow.entry, 0);
  while (queue.length) {
    const id = queue.shift()!;
    const current = steps.get(id)!;
    for (const target of nextTargets(Object.keys(current.outcomes).length ? current.outcomes : undefined)) {
      if (!steps.has(target)) {
        add(target, current.depth + 1);
        if (steps.has(target)) queue.push(target);
      }
      const reached = steps.get(target);
      if (reached && !reached.from.includes(id)) reached.from.push(id);
    }
  }
  return { landingType, flowId: flow.id, paths: [...variant.paths], steps: [...steps.values()] };
}

/** Every landing variant's funnel, by landing type. */
export function allFunnels(data: FunnelData): Map<string, LandingFunnel> {
  return new Map(variantIds(data.landings).map((id) => [id, landingFunnel(data, id)]));
}

/** The landing type a path opens when no experiment splits it. */
export function landingOfPath(data: FunnelData, path: string): string | undefined {
  return variantIds(data.landings).find((id) => getVariant(data.landings, id)!.paths.includes(path));
}
