/**
 * The loaded flow files as one catalogue for the semantic checks: flows, steps by id (unique across
 * flows), variants and plan names. Built defensively: a value of the wrong shape is skipped here,
 * because the schema check has already reported it.
 */
import { basename } from 'node:path';
import { issueAt } from './load.ts';
import type { SchemaSet } from './schemas.ts';
import { isObj, ptr, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

/** One step of a flow. */
export interface StepInfo {
  id: string;
  flowId: string;
  doc: JsonDoc;
  /** Pointer of the step in its flow file: /steps/<id>. */
  pointer: string;
  screen?: string;
  path?: string;
  /** Whether the step has a "path" property at all (of any type). */
  hasPath: boolean;
  next?: unknown;
  props?: Obj;
}

/** One flow file. */
export interface FlowInfo {
  id: string;
  doc: JsonDoc;
  entry?: string;
  steps: StepInfo[];
}

/** One landing variant of landings.json. */
export interface VariantInfo {
  id: string;
  pointer: string;
  value: Obj;
}

/** Everything the semantic checks look at. */
export interface Project {
  root: string;
  schemas: SchemaSet;
  flows: FlowInfo[];
  /** First definition of each step id across all flows. */
  steps: Map<string, StepInfo>;
  /** Entry step id -> flow id. */
  entries: Map<string, string>;
  landings?: JsonDoc;
  variants: VariantInfo[];
  /** Plan names of plans.json, undefined when plans.json could not be read. */
  plans?: Set<string>;
  /** The value of plans.json (prices and durations), undefined when it could not be read. */
  plansData?: unknown;
  /** plans.json itself, for findings located in it. */
  plansDoc?: JsonDoc;
  plansFile: string;
  /** Image names available in screens/ui/images (files <name>.png). */
  images: Set<string>;
}

/** What buildProject is made from. */
export interface ProjectInput {
  root: string;
  schemas: SchemaSet;
  flowDocs: JsonDoc[];
  landings?: JsonDoc;
  plans?: JsonDoc;
  plansFile: string;
  images: Set<string>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function flowInfo(doc: JsonDoc): FlowInfo {
  const data = isObj(doc.data) ? doc.data : {};
  const id = str(data.id) ?? basename(doc.file, '.json');
  const steps = Object.entries(isObj(data.steps) ? data.steps : {}).map(([stepId, value]): StepInfo => {
    // a step that is no object (already a schema error) still exists, so nothing else reports it
    const s = isObj(value) ? value : { path: null };
    return {
      id: stepId,
      flowId: id,
      doc,
      pointer: ptr('/steps', stepId),
      screen: str(s.screen),
      path: str(s.path),
      hasPath: 'path' in s,
      next: s.next,
      props: isObj(s.props) ? s.props : undefined,
    };
  });
  // without a valid entry (a schema error), the one step without a path is taken for it
  const pathless = steps.filter((s) => !s.hasPath);
  const entry = str(data.entry) ?? (pathless.length === 1 ? pathless[0]!.id : undefined);
  return { id, doc, entry, steps };
}

/** Builds the catalogue; reports flow ids and step ids defined twice (codes duplicate-flow, duplicate-step). */
export function buildProject({ root, schemas, flowDocs, landings, plans, plansFile, images }: ProjectInput): { project: Project; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const flows: FlowInfo[] = [];
  const steps = new Map<string, StepInfo>();
  const entries = new Map<string, string>();
  for (const doc of flowDocs) {
    const flow = flowInfo(doc);
    const twin = flows.find((f) => f.id === flow.id);
    if (twin) {
      issues.push(issueAt(doc, '/id', 'duplicate-flow', `flow id "${flow.id}" is already used by ${twin.doc.file}`, 'give each flow file its own id'));
      continue;
    }
    flows.push(flow);
    if (flow.entry !== undefined) entries.set(flow.entry, flow.id);
    for (const step of flow.steps) {
      const first = steps.get(step.id);
      if (first)
        issues.push(
          issueAt(
            doc,
            step.pointer,
            'duplicate-step',
            `step id "${step.id}" is already defined in flow "${first.flowId}" (${first.doc.file})`,
            'step ids are unique across all flows; rename one',
            'key',
          ),
        );
      else steps.set(step.id, step);
    }
  }
  const variants: VariantInfo[] = [];
  if (landings && isObj(landings.data)) {
    for (const [id, value] of Object.entries(landings.data)) {
      if (id !== '$schema' && isObj(value)) variants.push({ id, pointer: ptr('', id), value });
    }
  }
  let planNames: Set<string> | undefined;
  if (plans && isObj(plans.data)) planNames = new Set(Object.keys(isObj(plans.data.plans) ? plans.data.plans : {}));
  return {
    project: { root, schemas, flows, steps, entries, landings, variants, plans: planNames, plansData: plans?.data, plansDoc: plans, plansFile, images },
    issues,
  };
}

/**
 * The outcomes a screen declares: the fixed list of its schema's `x-outcomes` (default: just
 * "default"), plus the ids of the props array its schema names in `x-outcomes-from`. undefined when
 * they cannot be known (unknown screen, malformed props).
 */
export function outcomesOf(schemas: SchemaSet, screen: string | undefined, props: Obj | undefined): string[] | undefined {
  const schema = screen === undefined ? undefined : schemas.screens[screen];
  if (!schema) return undefined;
  const declared = schema['x-outcomes'];
  const fixed = Array.isArray(declared) ? declared.filter((o): o is string => typeof o === 'string') : undefined;
  const from = schema['x-outcomes-from'];
  if (typeof from !== 'string') return fixed ?? ['default'];
  const list = props?.[from];
  if (!Array.isArray(list)) return undefined;
  const ids = list.map((o: unknown) => (isObj(o) ? str(o.id) : undefined));
  return ids.every((id) => id !== undefined) ? [...new Set([...(fixed ?? []), ...(ids as string[])])] : undefined;
}
