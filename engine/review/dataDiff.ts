/**
 * What changed between two versions of a funnel's data, as a reviewer reads it: texts by language and
 * key, steps added, removed, rewired (their `next`) or otherwise changed, variants and plans added,
 * removed or changed, and validator findings that appeared or went away. Pure: both versions come in
 * as values, so `funnel review` can compare any two trees.
 */
import { getVariant, nextTargets, variantIds, type FunnelData } from '../core/flowGraph.ts';

/** A locale file's texts: nested objects of strings. */
export interface TextTree {
  [key: string]: string | TextTree;
}

/** One text that differs: `before` is absent for an added key, `after` for a removed one. */
export interface TextChange {
  language: string;
  key: string;
  before?: string;
  after?: string;
}

/** The dotted keys of a text tree with their texts. */
export function flattenTexts(tree: TextTree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') flattenTexts(value, path, out);
  }
  return out;
}

/** Every text that differs between two sets of locale files (languages of either side). */
export function diffTexts(base: Record<string, TextTree>, head: Record<string, TextTree>): TextChange[] {
  const changes: TextChange[] = [];
  const languages = [...new Set([...Object.keys(base), ...Object.keys(head)])].sort();
  for (const language of languages) {
    const before = flattenTexts(Object.hasOwn(base, language) ? base[language]! : {});
    const after = flattenTexts(Object.hasOwn(head, language) ? head[language]! : {});
    for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const a = before.get(key);
      const b = after.get(key);
      if (a === b) continue;
      changes.push({ language, key, ...(a === undefined ? {} : { before: a }), ...(b === undefined ? {} : { after: b }) });
    }
  }
  return changes;
}

/** How the steps of one flow changed. */
export interface FlowChange {
  flowId: string;
  /** The flow exists only after (or only before). */
  status: 'added' | 'removed' | 'changed';
  addedSteps: string[];
  removedSteps: string[];
  /** Steps on both sides whose `next` leads elsewhere. */
  rewiredSteps: string[];
  /** Steps on both sides that differ in anything but `next` (screen, props, path). */
  changedSteps: string[];
}

/** Added, removed and changed members of a keyed collection. */
export interface MemberChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function members<T>(before: Record<string, T>, after: Record<string, T>): MemberChanges {
  const out: MemberChanges = { added: [], removed: [], changed: [] };
  for (const id of Object.keys(after)) {
    if (!Object.hasOwn(before, id)) out.added.push(id);
    else if (!same(before[id], after[id])) out.changed.push(id);
  }
  for (const id of Object.keys(before)) if (!Object.hasOwn(after, id)) out.removed.push(id);
  return out;
}

/** The flows whose steps changed, each with what changed in it. */
export function diffFlows(base: FunnelData, head: FunnelData): FlowChange[] {
  const out: FlowChange[] = [];
  for (const flowId of [...new Set([...Object.keys(base.flows), ...Object.keys(head.flows)])].sort()) {
    const before = Object.hasOwn(base.flows, flowId) ? base.flows[flowId]!.steps : {};
    const after = Object.hasOwn(head.flows, flowId) ? head.flows[flowId]!.steps : {};
    const steps = members(before, after);
    const rewiredSteps = steps.changed.filter(
      (id) => !same(nextTargets(before[id]!.next), nextTargets(after[id]!.next)) || !same(before[id]!.next, after[id]!.next),
    );
    const changedSteps = steps.changed.filter((id) => !same({ ...before[id]!, next: undefined }, { ...after[id]!, next: undefined }));
    const entryMoved = Object.hasOwn(base.flows, flowId) && Object.hasOwn(head.flows, flowId) && base.flows[flowId]!.entry !== head.flows[flowId]!.entry;
    const status = !Object.hasOwn(base.flows, flowId) ? 'added' : !Object.hasOwn(head.flows, flowId) ? 'removed' : 'changed';
    if (status === 'changed' && !entryMoved && !steps.added.length && !steps.removed.length && !steps.changed.length) continue;
    out.push({ flowId, status, addedSteps: steps.added, removedSteps: steps.removed, rewiredSteps, changedSteps });
  }
  return out;
}

/** Landing variants added, removed or changed (paths, plans, texts, overrides). */
export function diffVariants(base: FunnelData, head: FunnelData): MemberChanges {
  const all = (data: FunnelData): Record<string, unknown> => Object.fromEntries(variantIds(data.landings).map((id) => [id, getVariant(data.landings, id)]));
  return members(all(base), all(head));
}

/** Plans of the catalogue added, removed or changed; the upsell plan counts under its own name. */
export function diffPlans(base: FunnelData, head: FunnelData): MemberChanges {
  const all = (data: FunnelData): Record<string, unknown> => ({ ...data.plans.plans, [data.plans.upsell.name]: data.plans.upsell });
  return members(all(base), all(head));
}

/** A validator finding without its line and column (which move with any edit above it). */
export interface Finding {
  file: string;
  pointer: string;
  code: string;
  message: string;
  severity?: 'warning';
}

const findingKey = (f: Finding): string => `${f.file} ${f.pointer} ${f.code} ${f.message}`;

/** Findings present after but not before (added) and before but not after (removed). */
export function diffFindings(base: Finding[], head: Finding[]): { added: Finding[]; removed: Finding[] } {
  const before = new Set(base.map(findingKey));
  const after = new Set(head.map(findingKey));
  return { added: head.filter((f) => !before.has(findingKey(f))), removed: base.filter((f) => !after.has(findingKey(f))) };
}
