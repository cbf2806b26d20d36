/**
 * Experiments as data (flows/experiments.json): which landing variant a visitor of an experimented
 * path gets, and the exposure event when the experimented step is shown.
 *
 * Order of the decision: a QA override (`?exp=<experiment>:<variant>`, never stored, never reported)
 * for a running experiment; a stopped experiment's winner for everyone; the visitor's recorded
 * assignment (sticky: `events.experiments` of the persisted store); else what GrowthBook's SDK decides
 * for the experiment's fields: the targeting condition, the namespace, then the hash of the visitor id
 * (seed = the experiment key unless set, hash version 1 unless set) against the bucket ranges of the
 * weights and coverage. A visitor left out keeps the path's own variant and reports no exposure. The
 * prerendered page's inline script makes the same decision before the first paint
 * (engine/build/experimentScript.ts).
 */
import type { Experiment, Experiments } from '../types/experiments.gen.ts';
import type { Analytics } from './analytics.ts';
import { conditionMatches, type TargetingAttributes } from './experimentCondition.ts';
import { bucketRanges, chooseVariation, effectiveWeights, experimentHash, inNamespace } from './experimentHash.ts';
import { readItem, writeItem } from './safeStorage.ts';
import type { FunnelState } from './store.ts';
import type { VariantChooser } from './variants.ts';
import { newVisitorId, readCookie, VISITOR_COOKIE } from './visitor.ts';
import { ownValue } from './ownValue.ts';

export type { Experiment, Experiments };

/** The query parameter of QA overrides: `?exp=latam-offer:trial` (several joined by commas). */
export const OVERRIDE_PARAM = 'exp';

/**
 * The exposure event, as Segment's spec names it and GrowthBook's warehouse queries read it:
 * experiment_id and variation_id as GrowthBook's trackingCallback reports them, and the landing type
 * shown as `variant`.
 */
export const EXPOSURE_EVENT = 'Experiment Viewed';

/**
 * The variation id GrowthBook reports for a variation (its `result.key`): the variation's meta key
 * when set, else its index as a string.
 * @example growthbookVariationId({ ...experiment, meta: [{ key: 'control' }, { key: 'trial' }] }, 1) // 'trial'
 */
export function growthbookVariationId(experiment: Pick<Experiment, 'meta'>, index: number): string {
  return experiment.meta?.[index]?.key || String(index);
}

/** What a visitor of an experimented path gets. */
export interface Assignment {
  experimentId: string;
  /** The landing type (key of landings.json) shown. */
  variant: string;
  /** GrowthBook's variation id of the variant (growthbookVariationId): the exposure's variation_id. */
  variationId: string;
  /** hash or sticky: in a running experiment, reported once as an exposure; override and winner: never. */
  source: 'hash' | 'sticky' | 'override' | 'winner';
}

/** The experiments of the file, without "$schema". */
export function experimentEntries(experiments: Experiments | undefined): Array<[string, Experiment]> {
  return Object.entries(experiments ?? {}).filter((e): e is [string, Experiment] => e[0] !== '$schema' && typeof e[1] === 'object');
}

/** The experiment that splits a path: a running one first (the validator allows one), else a stopped one. */
export function experimentForPath(experiments: Experiments | undefined, pathname: string): [string, Experiment] | undefined {
  const on = experimentEntries(experiments).filter(([, e]) => e.paths.includes(pathname));
  return on.find(([, e]) => e.status === 'running') ?? on[0];
}

/**
 * QA overrides from a query string; malformed parts are ignored.
 * @example parseOverrides('?exp=latam-offer:trial') // { 'latam-offer': 'trial' }
 */
export function parseOverrides(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (new URLSearchParams(search).get(OVERRIDE_PARAM) ?? '').split(',')) {
    const [id, variant, extra] = part.split(':');
    if (id && variant && extra === undefined) out[id] = variant;
  }
  return out;
}

/** A variation with the share of the included traffic GrowthBook gives it. */
export interface ExperimentArm {
  variant: string;
  weight: number;
}

/** The experiment's variations with their effective weights (equal shares unless set). */
export function experimentArms(experiment: Experiment): ExperimentArm[] {
  const weights = effectiveWeights(experiment.variations.length, experiment.weights);
  return experiment.variations.map((variant, k) => ({ variant, weight: weights[k]! }));
}

/** The bucket range of each variation: GrowthBook's getBucketRanges for the experiment's coverage and weights. */
export function experimentRanges(experiment: Experiment): Array<[number, number]> {
  return bucketRanges(experiment.variations.length, experiment.coverage ?? 1, experiment.weights);
}

/**
 * The index of the variation GrowthBook's SDK assigns a visitor, or -1 when the visitor is not in the
 * experiment (condition not met, outside the namespace, outside the coverage, or no visitor id).
 * @example variationIndex('latam-offer', experiment, 'visitor-1', { country: 'BR' }) // 0, 1 or -1
 */
export function variationIndex(key: string, experiment: Experiment, visitorId: string, attributes: TargetingAttributes = {}): number {
  if (!visitorId || !conditionMatches(experiment.condition, attributes)) return -1;
  if (experiment.namespace && !inNamespace(visitorId, experiment.namespace)) return -1;
  const n = experimentHash(experiment.seed ?? key, visitorId, experiment.hashVersion ?? 1);
  return chooseVariation(n, experimentRanges(experiment));
}

/** The variant a visitor is assigned by hashing; undefined when the visitor is not in the experiment. */
export function hashedVariant(key: string, experiment: Experiment, visitorId: string, attributes: TargetingAttributes = {}): string | undefined {
  return experiment.variations[variationIndex(key, experiment, visitorId, attributes)];
}

/**
 * One visitor's assignment in one experiment; undefined when nothing applies (a running experiment
 * that leaves the visitor out, or a stopped one without a winner), which leaves the path's own variant.
 */
export function assign(
  experimentId: string,
  experiment: Experiment,
  visitor: { visitorId: string; overrides: Record<string, string>; sticky: Record<string, string>; attributes?: TargetingAttributes },
): Assignment | undefined {
  const among = (v: string | undefined): v is string => v !== undefined && experiment.variations.includes(v);
  const gets = (variant: string, source: Assignment['source']): Assignment => ({
    experimentId,
    variant,
    variationId: growthbookVariationId(experiment, experiment.variations.indexOf(variant)),
    source,
  });
  if (experiment.status === 'stopped') return among(experiment.winner) ? gets(experiment.winner, 'winner') : undefined;
  const forced = ownValue(visitor.overrides, experimentId);
  if (among(forced)) return gets(forced, 'override');
  const kept = ownValue(visitor.sticky, experimentId);
  if (among(kept)) return gets(kept, 'sticky');
  const hashed = hashedVariant(experimentId, experiment, visitor.visitorId, visitor.attributes);
  return hashed === undefined ? undefined : gets(hashed, 'hash');
}

/**
 * The path -> assignment hook of variants.ts for one visitor. `sticky` is read at each call (the
 * store's recorded assignments, restored before the first render).
 * @example variantForPath(landings, '/latam', experimentChooser(experiments, { visitorId, search, sticky: () => store.events.experiments }))
 */
export function experimentChooser(
  experiments: Experiments | undefined,
  visitor: { visitorId: string; search: string; sticky: () => Record<string, string>; attributes?: TargetingAttributes },
): VariantChooser<Assignment> {
  const overrides = parseOverrides(visitor.search);
  return (pathname) => {
    const found = experimentForPath(experiments, pathname);
    return found && assign(found[0], found[1], { visitorId: visitor.visitorId, overrides, sticky: visitor.sticky(), attributes: visitor.attributes });
  };
}

/**
 * The visitor id, known before the first paint: the visitor cookie, else the id kept in local or
 * session storage, else a new one kept in session storage (the cookie may only be written after
 * consent; engine/core/visitor.ts later adopts this id). The page's inline script does the same.
 */
export function earlyVisitorId(doc: Pick<Document, 'cookie'>): string {
  const known = readCookie(doc, VISITOR_COOKIE) || readItem('local', VISITOR_COOKIE) || readItem('session', VISITOR_COOKIE);
  if (known) return known;
  const id = newVisitorId();
  writeItem('session', VISITOR_COOKIE, id);
  return id;
}

/**
 * Records a running experiment's assignment in the store (`events.experiments`, persisted: the
 * sticky assignment, experiment id -> landing type) and reports the exposure, once per visitor and
 * experiment, as GrowthBook's trackingCallback would (experiment_id, variation_id) with the landing
 * type shown (`variant`; `landing_type`, as on every event, stays the path's own). Overrides and winners are neither recorded nor reported.
 */
export function recordExposure(store: FunnelState, analytics: Analytics, assignment: Assignment | undefined): void {
  if (!assignment || (assignment.source !== 'hash' && assignment.source !== 'sticky')) return;
  const { experimentId, variant, variationId } = assignment;
  if (store.events.experiments[experimentId] === variant) return;
  store.events.experiments[experimentId] = variant;
  analytics.track(EXPOSURE_EVENT, { experiment_id: experimentId, variation_id: variationId, variant });
}
