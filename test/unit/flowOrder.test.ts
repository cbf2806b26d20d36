/**
 * The runtime does not depend on the order of the flow files (or of the variants in landings.json):
 * any order of the same documents gives the same flows, steps, routes, entries and progress, and a
 * conflict that order used to settle silently (a step id, path or flow id given twice) is an error.
 */
import { getVariant, indexSteps, progressOf, type FunnelData } from '../../engine/index.ts';
import { FLOW_CONFLICT, routeTable } from '../../engine/react/routes.ts';
import { toFunnelData } from '../../engine/validate/index.ts';
import { funnelData } from '../../screens/flowData.ts';

/** A reproducible shuffle (mulberry32), so a failure names an order that can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let a = seed;
  const random = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const flows = Object.values(funnelData.flows);
const landingEntries = Object.entries(funnelData.landings);

/** The same documents in another order: flows shuffled, and the variants of landings.json too. */
function reordered(seed: number): FunnelData {
  return toFunnelData({
    flows: shuffled(flows, seed),
    landings: Object.fromEntries(shuffled(landingEntries, seed + 1)),
    plans: funnelData.plans,
    experiments: funnelData.experiments,
  });
}

/** Everything the runtime derives from the flow data, in a comparable form. */
function derived(data: FunnelData) {
  const steps = indexSteps(data.flows);
  const routes = routeTable(data, steps);
  return {
    flowOrder: Object.keys(data.flows),
    steps: [...steps.values()].map((r) => [r.id, r.flowId, r.step.path ?? null]).sort(),
    routes,
    progress: routes.map((r) => {
      const variant = r.variantId === undefined ? undefined : getVariant(data.landings, r.variantId);
      const entry = variant ? data.flows[variant.flow]!.entry : r.stepId;
      return [r.path, progressOf(steps, entry, r.stepId)];
    }),
  };
}

describe('flow order', () => {
  const reference = derived(toFunnelData({ flows, landings: funnelData.landings, plans: funnelData.plans, experiments: funnelData.experiments }));

  it('has more than one flow to shuffle, and routes for every landing and step path', () => {
    expect(flows.length).toBeGreaterThan(1);
    expect(reference.routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/discount', '/family', '/checkout']));
    expect(reference.routes.find((r) => r.path === '/discount')).toEqual({ path: '/discount', stepId: 'landing', variantId: 'discount' });
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('gives the same flows, steps, routes and progress for shuffle %i', (seed) => {
    expect(derived(reordered(seed))).toEqual(reference);
  });

  it('gives the same result for the reversed file order', () => {
    expect(derived(toFunnelData({ flows: [...flows].reverse(), landings: funnelData.landings, plans: funnelData.plans }))).toEqual(reference);
  });
});

describe('conflicts that order used to settle', () => {
  const [first, second] = flows as [FunnelData['flows'][string], FunnelData['flows'][string]];

  it('refuses a step id defined by two flows', () => {
    const twice = { ...second, steps: { ...second.steps, [first.entry]: first.steps[first.entry]! } };
    expect(() => indexSteps({ [first.id]: first, [second.id]: twice })).toThrow(`step id "${first.entry}" is defined by flow`);
  });

  it('refuses a path claimed by a step and a variant', () => {
    const stepWithPath = Object.entries(second.steps).find(([, s]) => s.path !== undefined)!;
    const landings = { ...funnelData.landings, clash: { ...getVariant(funnelData.landings, 'discount')!, paths: [stepWithPath[1].path!] as [string] } };
    expect(() => routeTable({ ...funnelData, landings })).toThrow(expect.objectContaining({ name: FLOW_CONFLICT }));
    expect(() => routeTable({ ...funnelData, landings })).toThrow(
      `path ${stepWithPath[1].path} is claimed by variant "clash" and by step "${stepWithPath[0]}"`,
    );
  });

  it('refuses a flow id used by two files', () => {
    expect(() => toFunnelData({ flows: [first, second, first], landings: funnelData.landings, plans: funnelData.plans })).toThrow(
      `flow id "${first.id}" is used by two flow files`,
    );
  });
});
