/**
 * The flow files as the browser bundle sees them. JSON imports widen every string, so they are cast:
 * the build refuses to bundle flows that `npm run validate` rejects, which is what makes the cast true.
 */
import type { FunnelData, Flow } from '../engine/core/flowGraph.ts';
import type { Landings } from '../engine/types/landings.gen.ts';
import type { Plans } from '../engine/types/plans.gen.ts';
import mainFlow from '../flows/main.json';
import familyFlow from '../flows/family.json';
import landings from '../flows/landings.json';
import plans from '../flows/plans.json';
import experiments from '../flows/experiments.json';
import type { Experiments } from '../engine/types/experiments.gen.ts';

export const funnelData: FunnelData = {
  flows: { main: mainFlow as unknown as Flow, family: familyFlow as unknown as Flow },
  landings: landings as unknown as Landings,
  plans: plans as unknown as Plans,
  experiments: experiments as unknown as Experiments,
};
