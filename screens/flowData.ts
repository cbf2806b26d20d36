/** The flow files as the browser bundle sees them (validated at build time by `npm run validate`). */
import type { FunnelData, Flow } from '../engine/core/flowGraph.ts';
import type { Landings } from '../engine/types/landings.gen.ts';
import type { Plans } from '../engine/types/plans.gen.ts';
import mainFlow from '../flows/main.json';
import familyFlow from '../flows/family.json';
import landings from '../flows/landings.json';
import plans from '../flows/plans.json';

export const funnelData: FunnelData = {
  flows: { main: mainFlow as Flow, family: familyFlow as Flow },
  landings: landings as Landings,
  plans: plans as Plans,
};
