/**
 * Who sees which landing variant on each path, before and after a change: the path's own variant, or
 * the split of the experiment on it (GrowthBook's weights and coverage, engine/core/experiments.ts),
 * and a warning where a running experiment's bucketing changes: new weights, seed, hash version,
 * namespace or variations move visitors who were already assigned to another variation.
 */
import { getVariant, variantIds, type FunnelData } from '../core/flowGraph.ts';
import { experimentArms, experimentEntries, experimentForPath, type Experiment } from '../core/experiments.ts';

/** The share of one path's visitors (0..1) that each variant gets. */
export type PathShares = Map<string, number>;

export interface TrafficRow {
  path: string;
  before: PathShares;
  after: PathShares;
  /** The experiment that splits the path after the change (or before, when it was removed). */
  experimentId?: string;
  /** The split applies to the visitors the experiment targets (a condition or namespace narrows it). */
  targeted: boolean;
}

export interface RebucketWarning {
  experimentId: string;
  /** The fields of the running experiment that changed, e.g. ["weights", "seed"]. */
  fields: string[];
}

function ownVariant(data: FunnelData, path: string): string | undefined {
  return variantIds(data.landings).find((id) => getVariant(data.landings, id)!.paths.includes(path));
}

/** The variant shares of a path in one version. */
export function pathShares(data: FunnelData, path: string): { shares: PathShares; experimentId?: string; targeted: boolean } {
  const shares: PathShares = new Map();
  const add = (variant: string | undefined, share: number): void => {
    if (variant !== undefined && share > 0) shares.set(variant, (shares.get(variant) ?? 0) + share);
  };
  const own = ownVariant(data, path);
  const found = experimentForPath(data.experiments, path);
  if (!found) {
    add(own, 1);
    return { shares, targeted: false };
  }
  const [experimentId, experiment] = found;
  if (experiment.status === 'stopped') {
    add(experiment.winner && experiment.variations.includes(experiment.winner) ? experiment.winner : own, 1);
    return { shares, experimentId, targeted: false };
  }
  const coverage = experiment.coverage ?? 1;
  for (const arm of experimentArms(experiment)) add(arm.variant, arm.weight * coverage);
  add(own, 1 - coverage);
  return { shares, experimentId, targeted: experiment.condition !== undefined || experiment.namespace !== undefined };
}

/** Every landing or experimented path of either version. */
function allPaths(data: FunnelData): string[] {
  const paths = variantIds(data.landings).flatMap((id) => getVariant(data.landings, id)!.paths);
  for (const [, experiment] of experimentEntries(data.experiments)) paths.push(...experiment.paths);
  return paths;
}

const sharesEqual = (a: PathShares, b: PathShares): boolean =>
  a.size === b.size && [...a].every(([variant, share]) => Math.abs((b.get(variant) ?? -1) - share) < 1e-9);

/** Each path whose split differs between the versions (added and removed paths included). */
export function trafficChanges(base: FunnelData, head: FunnelData): TrafficRow[] {
  const rows: TrafficRow[] = [];
  for (const path of [...new Set([...allPaths(base), ...allPaths(head)])].sort()) {
    const before = pathShares(base, path);
    const after = pathShares(head, path);
    if (sharesEqual(before.shares, after.shares)) continue;
    const experimentId = after.experimentId ?? before.experimentId;
    rows.push({ path, before: before.shares, after: after.shares, ...(experimentId ? { experimentId } : {}), targeted: before.targeted || after.targeted });
  }
  return rows;
}

/** What decides a running experiment's buckets (GrowthBook hashes the seed with the visitor id against these ranges). */
const BUCKETING_FIELDS = ['variations', 'weights', 'seed', 'hashVersion', 'namespace'] as const satisfies ReadonlyArray<keyof Experiment>;

/** Experiments running on both sides whose bucketing changed: visitors would be assigned anew. */
export function rebucketWarnings(base: FunnelData, head: FunnelData): RebucketWarning[] {
  const before = new Map(experimentEntries(base.experiments));
  const warnings: RebucketWarning[] = [];
  for (const [id, after] of experimentEntries(head.experiments)) {
    const was = before.get(id);
    if (!was || was.status !== 'running' || after.status !== 'running') continue;
    const fields = BUCKETING_FIELDS.filter((field) => JSON.stringify(was[field]) !== JSON.stringify(after[field]));
    if (fields.length) warnings.push({ experimentId: id, fields });
  }
  return warnings;
}

/**
 * A share as a percentage, without trailing zeros.
 * @example percent(0.5) // "50%"
 */
export const percent = (share: number): string => `${Number((share * 100).toFixed(1))}%`;
