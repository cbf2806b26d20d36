/**
 * Every screen the funnel can show, read from the flow files: each step of each flow (in walking
 * order from the entry, the first outcome's line before the other branches) and each landing variant's entry screen and
 * paywall. Each screen carries the way a visitor walks to it, so the visit can give it the data a
 * real visitor would have there (scripts/galleryVisit.ts).
 */
import { getVariant, nextTargets, variantIds } from '../engine/core/flowGraph.ts';
import { funnelData, type FunnelData } from '../screens/flowData.ts';
import type { Step } from '../screens/types/flow.gen.ts';

/** One step on the way to a screen, with the outcome the visitor chose to leave it (when it branches). */
export interface WalkedStep {
  stepId: string;
  step: Step;
  outcome?: string;
}

export interface GalleryScreen {
  /** Unique and file-name safe, e.g. "main/03-place-alerts" or "variants/discount-landing". */
  key: string;
  /** The contact sheet's group: a flow id or "variants". */
  group: string;
  stepId: string;
  screen: string;
  /** The URL path to open. */
  path: string;
  /** The landing type the visitor came in with (decides plans, paywall texts, overrides). */
  variantId: string;
  /** The steps before this one, in order, as the visitor walked them. */
  walked: WalkedStep[];
}

/** The variant a flow's screens are shown with: the one whose path is "/" if it is this flow's, else the first. */
function homeVariant(data: FunnelData, flowId: string): { id: string; path: string } {
  const ids = variantIds(data.landings).filter((id) => getVariant(data.landings, id)!.flow === flowId);
  const id = ids.find((v) => getVariant(data.landings, v)!.paths.includes('/')) ?? ids[0];
  if (!id) throw new Error(`No landing variant opens the flow "${flowId}": add one to flows/landings.json.`);
  return { id, path: getVariant(data.landings, id)!.paths[0]! };
}

/** The outcome of `from` that leads to `to`. */
function outcomeTo(step: Step, to: string): string | undefined {
  if (typeof step.next !== 'object' || !step.next) return undefined;
  return Object.entries(step.next).find(([, target]) => target === to)?.[0];
}

/** The steps of a flow in walking order (depth first from the entry: the first outcome's line, then the other branches), with the way to each. */
function walkFlow(data: FunnelData, flowId: string): Array<{ stepId: string; walked: WalkedStep[] }> {
  const flow = data.flows[flowId]!;
  const order: Array<{ stepId: string; walked: WalkedStep[] }> = [];
  const seen = new Set<string>();
  const visit = (stepId: string, walked: WalkedStep[]): void => {
    if (seen.has(stepId) || !flow.steps[stepId]) return; // a step of another flow is shown with its own flow
    seen.add(stepId);
    order.push({ stepId, walked });
    const step = flow.steps[stepId]!;
    for (const target of nextTargets(step.next)) {
      const outcome = outcomeTo(step, target);
      visit(target, [...walked, { stepId, step, ...(outcome ? { outcome } : {}) }]);
    }
  };
  visit(flow.entry, []);
  return order;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Every step of every flow, then every landing variant's entry screen and paywall. */
export function galleryScreens(data: FunnelData = funnelData): GalleryScreen[] {
  const screens: GalleryScreen[] = [];
  for (const flowId of Object.keys(data.flows)) {
    const home = homeVariant(data, flowId);
    walkFlow(data, flowId).forEach(({ stepId, walked }, i) => {
      const step = data.flows[flowId]!.steps[stepId]!;
      screens.push({
        key: `${flowId}/${pad(i + 1)}-${stepId}`,
        group: flowId,
        stepId,
        screen: step.screen,
        path: step.path ?? home.path,
        variantId: home.id,
        walked,
      });
    });
  }
  for (const id of variantIds(data.landings)) {
    const variant = getVariant(data.landings, id)!;
    const flow = data.flows[variant.flow]!;
    const entry = flow.steps[flow.entry]!;
    screens.push({
      key: `variants/${id}-landing`,
      group: 'variants',
      stepId: flow.entry,
      screen: entry.screen,
      path: variant.paths[0]!,
      variantId: id,
      walked: [],
    });
    const paywall = walkFlow(data, variant.flow).find(({ stepId }) => flow.steps[stepId]!.screen === 'paywall');
    if (paywall) {
      const step = flow.steps[paywall.stepId]!;
      screens.push({
        key: `variants/${id}-${paywall.stepId}`,
        group: 'variants',
        stepId: paywall.stepId,
        screen: step.screen,
        path: step.path!,
        variantId: id,
        walked: paywall.walked,
      });
    }
  }
  return screens;
}

/**
 * The screens whose key, step id, screen type or path matches `only` (all when empty).
 * @example selectScreens(galleryScreens(), 'checkout') // main/09-checkout, main/10-checkout-success
 */
export function selectScreens(screens: GalleryScreen[], only: string | undefined): GalleryScreen[] {
  if (!only) return screens;
  return screens.filter((s) => s.key.includes(only) || s.stepId === only || s.screen === only || s.path === only);
}
