/**
 * Where the flow files of a project are: the one discovery the validator, the build, the dev server
 * and the Node-side flow data all use. Every *.json of the flows directory is a flow, except the
 * data files listed in NOT_FLOWS.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Files of a flows directory that are not flows: variants, plan catalogue, experiments, the
 * measurement files (event catalogue, destinations, consent rules) and test fixtures' expectations.
 */
export const NOT_FLOWS: ReadonlySet<string> = new Set([
  'landings.json',
  'plans.json',
  'experiments.json',
  'events.json',
  'destinations.json',
  'consent.json',
  'expected.json',
]);

/** The data files of one flows directory, as absolute paths. */
export interface FlowFiles {
  /** Every flow file, sorted by name (a missing directory gives none). */
  flows: string[];
  landings: string;
  plans: string;
  /** Traffic splits; optional (a project without it splits no traffic). */
  experiments: string;
}

/** Lists the flow files of a directory; `landings` and `plans` are named even when missing. */
export function discoverFlowFiles(flowsDir: string): FlowFiles {
  const names = existsSync(flowsDir)
    ? readdirSync(flowsDir)
        .filter((n) => n.endsWith('.json') && !NOT_FLOWS.has(n))
        .sort()
    : [];
  return {
    flows: names.map((n) => join(flowsDir, n)),
    landings: join(flowsDir, 'landings.json'),
    plans: join(flowsDir, 'plans.json'),
    experiments: join(flowsDir, 'experiments.json'),
  };
}
