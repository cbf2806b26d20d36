/**
 * `funnel review`'s comparison of two versions of a project: what changed in the data (texts, steps,
 * variants, plans, traffic, validator findings) and which screens, in which languages, that can alter.
 * Pure functions over both versions' data; rendering and the report are the caller's.
 */

/** Texts, flows, variants, plans and findings compared: what was added, removed, rewired or changed. */
export { diffFindings, diffFlows, diffPlans, diffTexts, diffVariants, flattenTexts } from './dataDiff.ts';
/** The shapes of those changes. */
export type { Finding, FlowChange, MemberChanges, TextChange, TextTree } from './dataDiff.ts';
/** Each path's share of visitors per variant before and after, and the running experiments whose visitors would be bucketed anew. */
export { pathShares, percent, rebucketWarnings, trafficChanges } from './trafficDiff.ts';
/** The shapes of the traffic comparison. */
export type { PathShares, RebucketWarning, TrafficRow } from './trafficDiff.ts';
/** The screens a change can alter, each in the languages it can alter them in, and a cap on how many a quick review renders. */
export { affectedScreens, limitPlan } from './affected.ts';
/** The shapes the screen selection reads and returns. */
export type { AffectedInput, RenderPlan, ReviewScreen, ReviewSettings } from './affected.ts';
/** A project's review settings from its configuration. */
export { reviewSettings } from './settings.ts';
