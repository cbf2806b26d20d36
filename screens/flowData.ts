/**
 * The flow files as the browser bundle sees them. JSON imports widen every string, so they are cast:
 * the build refuses to bundle flows that `npm run validate` rejects, which is what makes the cast true.
 */
import type { FunnelData as EngineFunnelData } from '../engine/index.ts';
import type { Flow } from './types/flow.gen.ts';
import type { Landings } from '../engine/index.ts';
import type { Plans } from '../engine/index.ts';
import mainFlow from '../flows/main.json';
import familyFlow from '../flows/family.json';
import landings from '../flows/landings.json';
import plans from '../flows/plans.json';
import experiments from '../flows/experiments.json';
import type { Experiments } from '../engine/index.ts';

/** The flow data with this product's steps typed by their screens (the generated Flow). */
export type FunnelData = EngineFunnelData<Flow>;

export const funnelData: FunnelData = {
  flows: { main: mainFlow as unknown as Flow, family: familyFlow as unknown as Flow },
  landings: landings as unknown as Landings,
  plans: plans as unknown as Plans,
  experiments: experiments as unknown as Experiments,
};
