/**
 * The checks of landings.json beyond the schema: the variant's flow and plans exist, the default plan
 * is offered, and each override names an existing step and leaves it valid for its screen.
 */
import { describeErrors } from './ajvMessages.ts';
import { issueAt } from './load.ts';
import type { Project, StepInfo, VariantInfo } from './project.ts';
import type { KeyUse } from './schemaCheck.ts';
import { checkImages, checkNext } from './semantic.ts';
import { didYouMean, quoteList } from './suggest.ts';
import { isObj, ptr, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

const firstSegment = (pointer: string): string => (pointer.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');

function checkPlans(project: Project, doc: JsonDoc, v: VariantInfo): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const known = project.plans;
  const offered = Array.isArray(v.value.plans) ? v.value.plans : undefined;
  const unknown = (name: string, pointer: string): ValidationIssue =>
    issueAt(
      doc,
      pointer,
      'unknown-plan',
      `"${name}" is not in ${project.plansFile}`,
      didYouMean(name, known ?? []) ?? `add it to ${project.plansFile} or use one of its plans`,
    );
  offered?.forEach((name: unknown, k) => {
    if (known && typeof name === 'string' && !known.has(name)) issues.push(unknown(name, ptr(v.pointer, 'plans', k)));
  });
  issues.push(...checkTags(doc, v, offered));
  const dp = v.value.defaultPlan;
  if (typeof dp !== 'string') return issues;
  if (known && !known.has(dp)) issues.push(unknown(dp, ptr(v.pointer, 'defaultPlan')));
  else if (offered && !offered.includes(dp)) {
    issues.push(
      issueAt(
        doc,
        ptr(v.pointer, 'defaultPlan'),
        'default-plan-not-offered',
        `default plan "${dp}" is not one of the plans of variant "${v.id}"`,
        `add it to "plans" or choose one of ${quoteList(offered.filter((p): p is string => typeof p === 'string'))}`,
      ),
    );
  }
  return issues;
}

/** Each plan tag of the paywall (paywall.tags) names one of the variant's plans. */
function checkTags(doc: JsonDoc, v: VariantInfo, offered: unknown[] | undefined): ValidationIssue[] {
  const tags = isObj(v.value.paywall) && isObj(v.value.paywall.tags) ? v.value.paywall.tags : {};
  if (!offered) return [];
  const names = offered.filter((p): p is string => typeof p === 'string');
  return Object.keys(tags)
    .filter((name) => !names.includes(name))
    .map((name) =>
      issueAt(
        doc,
        ptr(v.pointer, 'paywall', 'tags', name),
        'tag-plan-not-offered',
        `the tag of "${name}" names a plan that variant "${v.id}" does not offer`,
        didYouMean(name, names) ?? `tag one of ${quoteList(names)}`,
        'key',
      ),
    );
}

function checkOverrideProps(project: Project, doc: JsonDoc, step: StepInfo, pointer: string, patch: Obj, keys: KeyUse[], binds: KeyUse[]): ValidationIssue[] {
  const screen = step.screen;
  if (screen === undefined || !project.schemas.screens[screen]) return [];
  const merged = { ...(step.props ?? {}), ...patch };
  const errors = project.schemas.validate(`screens/${screen}.schema.json`, merged, (at, key, keyword) => {
    if (Object.hasOwn(patch, firstSegment(at))) (keyword === 'x-i18n-key' ? keys : binds).push({ doc, pointer: pointer + at, key });
  });
  const issues = describeErrors(errors).map((d) => {
    const inPatch = Object.hasOwn(patch, firstSegment(d.pointer));
    return issueAt(
      doc,
      inPatch ? pointer + d.pointer : pointer,
      'invalid-override-props',
      `props of step "${step.id}" (screen "${screen}") after this override: ${d.message}`,
      d.hint,
      inPatch ? d.anchor : 'key',
    );
  });
  return [...issues, ...checkImages(project, doc, pointer, patch)];
}

function checkOverrides(project: Project, doc: JsonDoc, v: VariantInfo, keys: KeyUse[], binds: KeyUse[]): ValidationIssue[] {
  const overrides = isObj(v.value.overrides) ? v.value.overrides : {};
  const issues: ValidationIssue[] = [];
  for (const [stepId, o] of Object.entries(overrides)) {
    const at = ptr(v.pointer, 'overrides', stepId);
    const step = project.steps.get(stepId);
    if (!step) {
      issues.push(
        issueAt(
          doc,
          at,
          'unknown-override-step',
          `override of "${stepId}" in variant "${v.id}": there is no such step`,
          didYouMean(stepId, project.steps.keys()) ?? 'use the id of a step of its flow, or remove the override',
          'key',
        ),
      );
      continue;
    }
    if (!isObj(o)) continue;
    const props = isObj(o.props) ? { ...(step.props ?? {}), ...o.props } : step.props;
    if (o.next !== undefined) issues.push(...checkNext(project, { doc, pointer: ptr(at, 'next'), stepId, screen: step.screen, props }, o.next));
    if (isObj(o.props)) issues.push(...checkOverrideProps(project, doc, step, ptr(at, 'props'), o.props, keys, binds));
  }
  return issues;
}

/**
 * Every check of the variants in landings.json; i18n keys used in override props are appended to
 * `keys`, store fields named by binds in override props to `binds`.
 */
export function checkVariants(project: Project, keys: KeyUse[], binds: KeyUse[] = []): ValidationIssue[] {
  const doc = project.landings;
  if (!doc) return [];
  const flowIds = project.flows.map((f) => f.id);
  return project.variants.flatMap((v) => {
    const issues: ValidationIssue[] = [];
    const flow = v.value.flow;
    if (typeof flow === 'string' && !flowIds.includes(flow)) {
      issues.push(
        issueAt(
          doc,
          ptr(v.pointer, 'flow'),
          'unknown-flow',
          `flow "${flow}" of variant "${v.id}" does not exist`,
          didYouMean(flow, flowIds) ?? `use one of ${quoteList(flowIds)}`,
        ),
      );
    }
    return [...issues, ...checkPlans(project, doc, v), ...checkOverrides(project, doc, v, keys, binds)];
  });
}
