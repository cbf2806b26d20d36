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
 * FunnelData from parsed flow documents. The casts hold because the build refuses flows the
 * validator rejects.
 */
export function toFunnelData({ flows, landings, plans, experiments }: FunnelDocuments): FunnelData {
  // flows in the order landings.json first uses them (the runtime resolves steps and paths in this
  // order, as it did when the flows were listed by hand), then any other flow by file name
  const variants = landings && typeof landings === 'object' ? Object.values(landings as Record<string, unknown>) : [];
  const used = variants.map((v) => (v && typeof v === 'object' ? (v as { flow?: unknown }).flow : undefined));
  const rank = (flow: Flow): number => (used.includes(flow.id) ? used.indexOf(flow.id) : used.length);
  const byId = [...(flows as Flow[])].sort((a, b) => rank(a) - rank(b)).map((flow) => [flow.id, flow] as const);
  return {
    flows: Object.fromEntries(byId),
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
