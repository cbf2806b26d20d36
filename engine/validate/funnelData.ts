/**
 * The flow files as the runtime sees them (FunnelData: flows by id, variants, plan catalogue), made
 * from the validator's discovery and parser. The build hands the validator's parsed documents to the
 * bundle; Node code (scripts, the preview server, tests) loads them here the same way.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Flow, FunnelData } from '../core/flowGraph.ts';
import type { Landings } from '../types/landings.gen.ts';
import type { Plans } from '../types/plans.gen.ts';
import type { Experiments } from '../types/experiments.gen.ts';
import { existsSync } from 'node:fs';
import { discoverFlowFiles } from './discover.ts';
import { formatIssue } from './format.ts';
import { loadJson } from './load.ts';
import type { FunnelDocuments, JsonDoc } from './types.ts';

/**
 * FunnelData from parsed flow documents, flows keyed and ordered by id: nothing at run time depends
 * on the order the files were found in (steps are looked up by id and routes by path, both unique).
 * The casts hold because the build refuses flows the validator rejects; a flow id given twice
 * throws rather than keeping whichever came last.
 */
export function toFunnelData({ flows, landings, plans, experiments }: FunnelDocuments): FunnelData {
  const byId = new Map<string, Flow>();
  for (const flow of flows as Flow[]) {
    if (byId.has(flow.id)) throw new Error(`flow id "${flow.id}" is used by two flow files`);
    byId.set(flow.id, flow);
  }
  return {
    flows: Object.fromEntries([...byId].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    landings: landings as Landings,
    plans: plans as Plans,
    ...(experiments ? { experiments: experiments as Experiments } : {}),
  };
}

/**
 * Reads a project's flow files (default: this repository's flows/). Throws with the located issue
 * when a file is missing or is not JSON; the other checks are `npm run validate`'s job.
 */
export async function loadFunnelData(options: { root?: string; flowsDir?: string } = {}): Promise<FunnelData> {
  // a string, not a URL object: under jsdom the global URL is not Node's
  const root = resolve(options.root ?? resolve(dirname(fileURLToPath(import.meta.url)), '../..'));
  const files = discoverFlowFiles(resolve(root, options.flowsDir ?? 'flows'));
  const read = async (abs: string): Promise<JsonDoc> => {
    const loaded = await loadJson(root, abs);
    if (!loaded.doc) throw new Error(`Cannot read the flow files:\n${loaded.issues.map(formatIssue).join('\n')}`);
    return loaded.doc;
  };
  const flows = await Promise.all(files.flows.map(async (abs) => (await read(abs)).data));
  const experiments = existsSync(files.experiments) ? (await read(files.experiments)).data : undefined;
  return toFunnelData({ flows, landings: (await read(files.landings)).data, plans: (await read(files.plans)).data, experiments });
}
