/**
 * The flow graph: all flows, variants and plans as one catalogue, and the pure functions that walk it.
 * No React here: the same functions serve the router, the validator's tests and the unit tests.
 */
import type { Flow, Next, Step } from './flowTypes.ts';
import type { Landings, Variant } from '../types/landings.gen.ts';
import type { Plans } from '../types/plans.gen.ts';
import type { Experiments } from '../types/experiments.gen.ts';
import { ownValue } from './ownValue.ts';

export type { Flow, Next, Step, Variant, Plans, Experiments };

/**
 * The flow files as loaded: flows by id, variants by landing type, the plan catalogue, the experiments. A product
 * passes its generated Flow type for precise steps (`FunnelData<ProductFlow>`).
 */
export interface FunnelData<F extends Flow = Flow> {
  flows: Record<string, F>;
  landings: Landings;
  plans: Plans;
  /** Traffic splits of landing paths between variants (flows/experiments.json); none when absent. */
  experiments?: Experiments;
}

/** A step with its id and the flow it belongs to. */
export interface StepRef {
  id: string;
  flowId: string;
  step: Step;
}

/** The landing types (variant keys) of landings.json, without "$schema". */
export function variantIds(landings: Landings): string[] {
  return Object.keys(landings).filter((k) => k !== '$schema');
}

/** The variant for a landing type, or undefined. */
export function getVariant(landings: Landings, id: string): Variant | undefined {
  return id === '$schema' ? undefined : (ownValue(landings as Record<string, unknown>, id) as Variant | undefined);
}

/**
 * Every step of every flow, keyed by step id. Ids are unique across flows (the validator's
 * duplicate-step); a repeated id throws instead of letting the flow read last win.
 */
export function indexSteps(flows: Record<string, Flow>): Map<string, StepRef> {
  const index = new Map<string, StepRef>();
  for (const flow of Object.values(flows)) {
    for (const [id, step] of Object.entries(flow.steps)) {
      const taken = index.get(id);
      if (taken) throw new Error(`step id "${id}" is defined by flow "${taken.flowId}" and by flow "${flow.id}"`);
      index.set(id, { id, flowId: flow.id, step });
    }
  }
  return index;
}

/**
 * A step as a variant sees it: the variant's override of `next` replaces the step's, its `props` are
 * merged over the step's props (shallow).
 * @example resolveStep(step, 'landing', landings.optionsy).next // 'place-alerts'
 */
export function resolveStep(step: Step, stepId: string, variant: Variant | undefined): Step {
  const patch = variant?.overrides?.[stepId];
  if (!patch) return step;
  return {
    ...step,
    ...(patch.next !== undefined ? { next: patch.next } : {}),
    ...(patch.props ? { props: { ...step.props, ...patch.props } } : {}),
  };
}

/**
 * The step id an outcome leads to: a string `next` takes every outcome; a map takes the outcome's
 * entry ("default" when none is given). undefined for a terminal step or an unmapped outcome.
 */
export function nextStepId(next: Next | undefined, outcome = 'default'): string | undefined {
  if (next === undefined) return undefined;
  if (typeof next === 'string') return next;
  return ownValue(next, outcome);
}

/** Every step id a `next` can lead to. */
export function nextTargets(next: Next | undefined): string[] {
  if (next === undefined) return [];
  return typeof next === 'string' ? [next] : Object.values(next);
}

/**
 * Where a step sits in its funnel, from 0 to 1: steps already walked from the entry over steps walked
 * plus the longest way still ahead. Drives the progress bar without a hand-kept number per step.
 */
export function progressOf(index: Map<string, StepRef>, entryId: string, stepId: string, variant?: Variant): number {
  const nextOf = (id: string): string[] => {
    const ref = index.get(id);
    return ref ? nextTargets(resolveStep(ref.step, id, variant).next) : [];
  };
  const depth = new Map<string, number>([[entryId, 0]]);
  const queue = [entryId];
  while (queue.length) {
    const id = queue.shift()!;
    for (const t of nextOf(id)) {
      if (!depth.has(t)) {
        depth.set(t, depth.get(id)! + 1);
        queue.push(t);
      }
    }
  }
  const ahead = new Map<string, number>();
  const longestAhead = (id: string, seen: Set<string>): number => {
    if (ahead.has(id)) return ahead.get(id)!;
    if (seen.has(id)) return 0;
    seen.add(id);
    const best = Math.max(0, ...nextOf(id).map((t) => 1 + longestAhead(t, seen)));
    seen.delete(id);
    ahead.set(id, best);
    return best;
  };
  const walked = depth.get(stepId);
  if (walked === undefined) return 0;
  const total = walked + longestAhead(stepId, new Set());
  return total === 0 ? 1 : walked / total;
}
