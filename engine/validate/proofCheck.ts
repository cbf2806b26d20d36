/**
 * Social proof is data with a source: every rating, review, quote and claim a screen shows is written
 * in the flow (a step's props) with a `source` saying where it comes from. Two rules:
 * - anything still marked `"sample": true` is a warning (`sample-content`): a preview may show it, a
 *   visitor must not take it for the product's own figures;
 * - words attributed to a named third party (a string the screen's schema marks `"x-attribution": true`,
 *   a publication) need a `source` that is a link to where they were said, and can never be a sample
 *   (`unsourced-attribution`, an error): an invented quote from a real publication never ships.
 */
import { issueAt, valueAt } from './load.ts';
import type { Project } from './project.ts';
import type { KeyUse } from './schemaCheck.ts';
import { isObj, ptr, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

/** Every object marked `"sample": true` under `value`, with its pointer. */
function samplesIn(value: unknown, pointer: string): Array<{ pointer: string; item: Obj }> {
  if (Array.isArray(value)) return value.flatMap((v, k) => samplesIn(v, ptr(pointer, k)));
  if (!isObj(value)) return [];
  const own = value.sample === true ? [{ pointer, item: value }] : [];
  return [...own, ...Object.entries(value).flatMap(([k, v]) => samplesIn(v, ptr(pointer, k)))];
}

function sampleWarning(doc: JsonDoc, where: string, props: string, pointer: string, item: Obj): ValidationIssue {
  const what =
    pointer
      .slice(props.length + 1)
      .split('/')
      .join('.') || 'props';
  const source = typeof item.source === 'string' ? ` (source: "${item.source}")` : '';
  return {
    ...issueAt(
      doc,
      ptr(pointer, 'sample'),
      'sample-content',
      `${where}: ${what} is sample content, not the product's own${source}`,
      'a preview may show it; before it reaches visitors, put the real figures or words here, name where they come from in "source", then remove "sample"',
    ),
    severity: 'warning',
  };
}

/** One warning per object marked as a sample in a step's props or a variant's props override. */
export function checkSampleContent(project: Project): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const step of project.steps.values()) {
    const at = ptr(step.pointer, 'props');
    for (const { pointer, item } of samplesIn(step.props, at)) issues.push(sampleWarning(step.doc, `step "${step.id}"`, at, pointer, item));
  }
  const landings = project.landings;
  for (const v of landings ? project.variants : []) {
    const overrides = isObj(v.value.overrides) ? v.value.overrides : {};
    for (const [stepId, override] of Object.entries(overrides)) {
      if (!isObj(override)) continue;
      const at = ptr(v.pointer, 'overrides', stepId, 'props');
      for (const { pointer, item } of samplesIn(override.props, at))
        issues.push(sampleWarning(landings!, `variant "${v.id}", step "${stepId}"`, at, pointer, item));
    }
  }
  return issues;
}

/** A link to where the words were said: an absolute http(s) address. */
function isCitation(source: unknown): boolean {
  if (typeof source !== 'string') return false;
  try {
    const url = new URL(source);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Words attributed to a named third party carry a link to where they were said and are never a sample. */
export function checkAttributions(uses: KeyUse[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const use of uses) {
    const itemPointer = use.pointer.split('/').slice(0, -1).join('/');
    const item = valueAt(use.doc.data, itemPointer);
    if (!isObj(item)) continue;
    if (item.sample === true) {
      issues.push(
        issueAt(
          use.doc,
          ptr(itemPointer, 'sample'),
          'unsourced-attribution',
          `words attributed to "${use.key}" are marked as a sample: a sample may not be put in the mouth of a real third party`,
          'quote what was really said, with a link to it in "source", and remove "sample"; or make it a sample testimonial that names no publication',
        ),
      );
    }
    if (!isCitation(item.source)) {
      issues.push(
        issueAt(
          use.doc,
          Object.hasOwn(item, 'source') ? ptr(itemPointer, 'source') : itemPointer,
          'unsourced-attribution',
          `words attributed to "${use.key}" have no link to where they were said (source: ${JSON.stringify(item.source ?? null)})`,
          'write in "source" the https:// address of the article or review the words come from, or remove the quote',
          Object.hasOwn(item, 'source') ? 'value' : 'key',
        ),
      );
    }
  }
  return issues;
}
