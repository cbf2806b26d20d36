/**
 * The checks of the flow graph beyond the schema: next targets, outcomes, entries and paths,
 * reachability, unique paths, and image names.
 */
import { issueAt, locate } from './load.ts';
import { outcomesOf, type Project, type StepInfo } from './project.ts';
import { closest, didYouMean, quoteList } from './suggest.ts';
import { isObj, ptr, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

/** Where a `next` is written and what it belongs to. */
export interface NextSite {
  doc: JsonDoc;
  pointer: string;
  stepId: string;
  screen?: string;
  props?: Obj;
}

function checkTarget(project: Project, site: NextSite, pointer: string, target: unknown): ValidationIssue[] {
  if (typeof target !== 'string') return [];
  if (!project.steps.has(target)) {
    return [
      issueAt(
        site.doc,
        pointer,
        'unknown-next',
        `next target "${target}" of step "${site.stepId}" is not a step of any flow`,
        didYouMean(target, project.steps.keys()) ?? 'write the id of a step (a key of "steps" in a flow file), or add that step',
      ),
    ];
  }
  const flowId = project.entries.get(target);
  if (flowId !== undefined) {
    return [
      issueAt(
        site.doc,
        pointer,
        'next-to-entry',
        `next of step "${site.stepId}" leads to "${target}", the entry step of flow "${flowId}", which has no path`,
        "an entry is opened only by its variants' paths; lead to a step with a path",
      ),
    ];
  }
  return [];
}

/** Checks one `next` (of a step or of a variant's override): targets exist, outcomes match the screen's. */
export function checkNext(project: Project, site: NextSite, next: unknown): ValidationIssue[] {
  if (typeof next === 'string') return checkTarget(project, site, site.pointer, next);
  if (!isObj(next)) return [];
  const issues: ValidationIssue[] = [];
  const outcomes = outcomesOf(project.schemas, site.screen, site.props);
  for (const [outcome, target] of Object.entries(next)) {
    if (outcomes && !outcomes.includes(outcome)) {
      issues.push(
        issueAt(
          site.doc,
          ptr(site.pointer, outcome),
          'unknown-outcome',
          `"${outcome}" is not an outcome of screen "${site.screen}" (step "${site.stepId}"); its outcomes are ${quoteList(outcomes)}`,
          didYouMean(outcome, outcomes) ?? `map only ${quoteList(outcomes)}`,
          'key',
        ),
      );
    }
    issues.push(...checkTarget(project, site, ptr(site.pointer, outcome), target));
  }
  for (const outcome of outcomes ?? []) {
    if (!Object.hasOwn(next, outcome)) {
      issues.push(
        issueAt(
          site.doc,
          site.pointer,
          'unmapped-outcome',
          `outcome "${outcome}" of step "${site.stepId}" is not mapped in next`,
          `add "${outcome}": "<step id>", or make next a single step id`,
          'key',
        ),
      );
    }
  }
  return issues;
}

/** Entries, paths and the next of every step. */
export function checkSteps(project: Project): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const flow of project.flows) {
    const ids = flow.steps.map((s) => s.id);
    // with a misspelt entry, the step it most likely means is still treated as the entry
    let entry = flow.entry;
    if (entry !== undefined && !ids.includes(entry)) {
      issues.push(
        issueAt(
          flow.doc,
          '/entry',
          'unknown-entry',
          `entry "${entry}" is not a step of flow "${flow.id}"`,
          didYouMean(entry, ids) ?? `use the id of its step without a path: one of ${quoteList(ids)}`,
        ),
      );
      const pathless = flow.steps.filter((s) => !s.hasPath);
      entry = closest(entry, ids) ?? (pathless.length === 1 ? pathless[0]!.id : undefined);
    }
    for (const step of flow.steps) {
      if (project.steps.get(step.id) !== step) continue;
      const isEntry = step.id === entry;
      if (isEntry && step.hasPath) {
        issues.push(
          issueAt(
            flow.doc,
            ptr(step.pointer, 'path'),
            'entry-has-path',
            `entry step "${step.id}" must not have a path`,
            "remove it: the variants' paths in landings.json open the entry",
          ),
        );
      }
      if (!isEntry && !step.hasPath) {
        issues.push(
          issueAt(
            flow.doc,
            step.pointer,
            'missing-path',
            `step "${step.id}" has no path`,
            `add "path": "/${step.id}"; only a flow's entry step has none`,
            'key',
          ),
        );
      }
      issues.push(
        ...checkNext(project, { doc: flow.doc, pointer: ptr(step.pointer, 'next'), stepId: step.id, screen: step.screen, props: step.props }, step.next),
      );
    }
  }
  return issues;
}

function targetsOf(project: Project, next: unknown): string[] {
  const raw = typeof next === 'string' ? [next] : isObj(next) ? Object.values(next) : Array.isArray(next) ? next : [];
  // an unknown target counts as its likely correction, so a typo is reported once, not again as "unreachable"
  return raw.flatMap((t) => (typeof t !== 'string' ? [] : project.steps.has(t) ? [t] : [closest(t, project.steps.keys()) ?? t]));
}

/** Steps no entry leads to, following each step's next and every variant's override of it. */
export function checkReachable(project: Project): ValidationIssue[] {
  const edges = new Map<string, string[]>();
  for (const step of project.steps.values()) edges.set(step.id, targetsOf(project, step.next));
  for (const v of project.variants) {
    const overrides = isObj(v.value.overrides) ? v.value.overrides : {};
    for (const [stepId, o] of Object.entries(overrides)) {
      if (isObj(o) && edges.has(stepId)) edges.get(stepId)!.push(...targetsOf(project, o.next));
    }
  }
  const seen = new Set<string>();
  const queue = [...project.entries.keys()].filter((id) => project.steps.has(id));
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(edges.get(id) ?? []));
  }
  const brokenFlows = new Set(project.flows.filter((f) => f.entry === undefined || !f.steps.some((s) => s.id === f.entry)).map((f) => f.id));
  return [...project.steps.values()]
    .filter((s) => !seen.has(s.id) && !brokenFlows.has(s.flowId))
    .map((s) =>
      issueAt(
        s.doc,
        s.pointer,
        'unreachable-step',
        `step "${s.id}" cannot be reached from any entry`,
        'lead a next (or a variant override) to it, or remove it',
        'key',
      ),
    );
}

/** Two steps, a step and a variant, or two variants with the same path. */
export function checkPaths(project: Project): ValidationIssue[] {
  const first = new Map<string, { owner: string; doc: JsonDoc; pointer: string }>();
  const issues: ValidationIssue[] = [];
  const visit = (path: unknown, owner: string, doc: JsonDoc, pointer: string): void => {
    if (typeof path !== 'string') return;
    const prior = first.get(path);
    if (!prior) return void first.set(path, { owner, doc, pointer });
    const { line, col } = locate(prior.doc, prior.pointer);
    issues.push(
      issueAt(
        doc,
        pointer,
        'duplicate-path',
        `path "${path}" of ${owner} is already used by ${prior.owner} (${prior.doc.file}:${line}:${col})`,
        'every step and variant needs its own path',
      ),
    );
  };
  for (const flow of project.flows) {
    for (const step of flow.steps) visit(step.path, `step "${step.id}"`, step.doc, ptr(step.pointer, 'path'));
  }
  for (const v of project.variants) {
    const paths = Array.isArray(v.value.paths) ? v.value.paths : [];
    paths.forEach((p: unknown, k) => {
      if (paths.indexOf(p) === k) visit(p, `variant "${v.id}"`, project.landings!, ptr(v.pointer, 'paths', k));
    });
  }
  return issues;
}

/** Props named `background` or `image` must name a file screens/ui/images/<name>.png. */
export function checkImages(project: Project, doc: JsonDoc, propsPointer: string, props: Obj | undefined): ValidationIssue[] {
  return ['background', 'image'].flatMap((field) => {
    const name = props?.[field];
    if (typeof name !== 'string' || project.images.has(name)) return [];
    return [
      issueAt(
        doc,
        ptr(propsPointer, field),
        'unknown-image',
        `image "${name}" does not exist: no screens/ui/images/${name}.png`,
        didYouMean(name, project.images) ?? `available: ${quoteList([...project.images].sort())}`,
      ),
    ];
  });
}

/** Images of every step's props. */
export function checkStepImages(project: Project): ValidationIssue[] {
  return [...project.steps.values()].flatMap((s: StepInfo) => checkImages(project, s.doc, ptr(s.pointer, 'props'), s.props));
}
