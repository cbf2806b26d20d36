/**
 * The checks of flows/experiments.json beyond the schema: every variation and winner is a variant of
 * landings.json whose flow can serve each experimented path, there is one weight per variation, the
 * weights add up to 1 and each is above 0 (GrowthBook would silently split evenly otherwise), there is
 * one meta entry per variation and no two variations report the same variation id, a namespace range is not empty, no path is split by two running experiments, and a stopped experiment
 * names its winner.
 */
import { issueAt, locate } from './load.ts';
import type { Project, VariantInfo } from './project.ts';
import { didYouMean, quoteList } from './suggest.ts';
import { isObj, ptr, type JsonDoc, type ValidationIssue } from './types.ts';

interface Arm {
  variant: string;
  pointer: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The variant whose paths include a path (landings.json), if any. */
function ownerOf(variants: VariantInfo[], path: string): VariantInfo | undefined {
  return variants.find((v) => Array.isArray(v.value.paths) && v.value.paths.includes(path));
}

/** A variant, named at `pointer`, must exist and run the flow that each path's own variant runs. */
function checkArm(project: Project, doc: JsonDoc, arm: Arm, paths: string[]): ValidationIssue[] {
  const variant = project.variants.find((v) => v.id === arm.variant);
  const ids = project.variants.map((v) => v.id);
  if (!variant) {
    return [
      issueAt(
        doc,
        arm.pointer,
        'unknown-variant',
        `variant "${arm.variant}" is not in ${project.landings?.file ?? 'landings.json'}`,
        didYouMean(arm.variant, ids) ?? `use one of ${quoteList(ids)}`,
      ),
    ];
  }
  return paths.flatMap((path) => {
    const owner = ownerOf(project.variants, path);
    if (!owner || owner.value.flow === variant.value.flow || (Array.isArray(variant.value.paths) && variant.value.paths.includes(path))) return [];
    return [
      issueAt(
        doc,
        arm.pointer,
        'variant-cannot-serve-path',
        `variant "${arm.variant}" runs flow "${String(variant.value.flow)}", but path "${path}" opens the entry of flow "${String(owner.value.flow)}"`,
        `split "${path}" only between variants of flow "${String(owner.value.flow)}", or remove "${arm.variant}"`,
      ),
    ];
  });
}

/**
 * One meta entry per variation, and a variation id of its own for each (a key equal to another
 * variation's key or index would merge two arms in GrowthBook's analysis).
 */
function checkMeta(doc: JsonDoc, id: string, arms: Arm[], meta: unknown): ValidationIssue[] {
  if (!Array.isArray(meta)) return [];
  const at = ptr('', id, 'meta');
  if (meta.length !== arms.length) {
    return [
      issueAt(
        doc,
        at,
        'meta-count-mismatch',
        `experiment "${id}" has ${meta.length} meta entries for ${arms.length} variations`,
        `give one entry per variation, in the order of "variations" (${quoteList(arms.map((a) => a.variant))})`,
      ),
    ];
  }
  const issues: ValidationIssue[] = [];
  const seen = new Map<string, number>();
  meta.forEach((entry: unknown, k) => {
    const key = isObj(entry) && typeof entry.key === 'string' && entry.key ? entry.key : String(k);
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push(
        issueAt(
          doc,
          ptr(at, k),
          'duplicate-variation-key',
          `variations ${first} and ${k} of experiment "${id}" both report variation id "${key}"`,
          'give each variation a key of its own (a variation without a key reports its index)',
        ),
      );
    } else seen.set(key, k);
  });
  return issues;
}

/** One weight per variation, each above 0, adding up to 1 (GrowthBook's SDK splits evenly otherwise). */
function checkWeights(doc: JsonDoc, id: string, arms: Arm[], weights: unknown): ValidationIssue[] {
  if (!Array.isArray(weights) || !weights.every((w) => typeof w === 'number')) return [];
  const at = ptr('', id, 'weights');
  if (weights.length !== arms.length) {
    return [
      issueAt(
        doc,
        at,
        'weights-count-mismatch',
        `experiment "${id}" has ${weights.length} weights for ${arms.length} variations`,
        `give one weight per variation, in the order of "variations" (${quoteList(arms.map((a) => a.variant))})`,
      ),
    ];
  }
  const issues: ValidationIssue[] = [];
  weights.forEach((w: number, k) => {
    if (w > 0) return;
    issues.push(
      issueAt(
        doc,
        ptr(at, k),
        'non-positive-weight',
        `weight ${w} of variation "${arms[k]!.variant}" in experiment "${id}" is not positive`,
        'give every variation a weight above 0, or remove the variation',
      ),
    );
  });
  const total = weights.reduce((sum: number, w: number) => sum + w, 0);
  // GrowthBook's SDK accepts 0.99 to 1.01 (rounded shares such as 0.33 x 3) and splits evenly beyond
  if (total < 0.99 || total > 1.01) {
    issues.push(
      issueAt(
        doc,
        at,
        'weights-not-one',
        `the weights of experiment "${id}" add up to ${Number(total.toFixed(6))}, not 1`,
        `write each variation's share as a fraction of 1 (e.g. ${quoteList(arms.map(() => String(Number((1 / Math.max(arms.length, 1)).toFixed(4)))))})`,
      ),
    );
  }
  return issues;
}

/** A namespace's range [start, end) must hold something. */
function checkNamespace(doc: JsonDoc, id: string, namespace: unknown): ValidationIssue[] {
  if (!Array.isArray(namespace) || typeof namespace[1] !== 'number' || typeof namespace[2] !== 'number' || namespace[1] < namespace[2]) return [];
  return [
    issueAt(
      doc,
      ptr('', id, 'namespace'),
      'empty-namespace-range',
      `the namespace range of experiment "${id}" starts at ${namespace[1]} and ends at ${namespace[2]}, so it takes no visitor`,
      'make the start (second item) smaller than the end (third item), e.g. ["' + String(namespace[0]) + '", 0, 0.5]',
    ),
  ];
}

/** Every check of experiments.json. */
export function checkExperiments(project: Project, doc: JsonDoc | undefined): ValidationIssue[] {
  if (!doc || !isObj(doc.data)) return [];
  const issues: ValidationIssue[] = [];
  const running = new Map<string, { id: string; pointer: string }>();
  for (const [id, value] of Object.entries(doc.data)) {
    if (id === '$schema' || !isObj(value)) continue;
    const at = ptr('', id);
    const paths = (Array.isArray(value.paths) ? value.paths : []).filter((p): p is string => typeof p === 'string');
    paths.forEach((path, k) => {
      if (!ownerOf(project.variants, path)) {
        issues.push(
          issueAt(
            doc,
            ptr(at, 'paths', k),
            'variant-cannot-serve-path',
            `path "${path}" of experiment "${id}" is not a landing path, so no variant can serve it`,
            didYouMean(
              path,
              project.variants.flatMap((v) => (Array.isArray(v.value.paths) ? v.value.paths.filter((p): p is string => typeof p === 'string') : [])),
            ) ?? 'use a path of a variant in landings.json',
          ),
        );
      }
      const prior = running.get(path);
      if (value.status === 'running' && prior) {
        const { line, col } = locate(doc, prior.pointer);
        issues.push(
          issueAt(
            doc,
            ptr(at, 'paths', k),
            'duplicate-experiment-path',
            `path "${path}" is already split by running experiment "${prior.id}" (${doc.file}:${line}:${col})`,
            `stop one of them ("status": "stopped" with a "winner"), or remove "${path}" from one`,
          ),
        );
      } else if (value.status === 'running') running.set(path, { id, pointer: ptr(at, 'paths', k) });
    });
    const arms = (Array.isArray(value.variations) ? value.variations : []).flatMap((variant, k): Arm[] =>
      typeof variant === 'string' ? [{ variant, pointer: ptr(at, 'variations', k) }] : [],
    );
    for (const arm of arms) issues.push(...checkArm(project, doc, arm, paths));
    issues.push(...checkWeights(doc, id, arms, value.weights), ...checkMeta(doc, id, arms, value.meta), ...checkNamespace(doc, id, value.namespace));
    const winner = str(value.winner);
    if (winner !== undefined && !arms.some((a) => a.variant === winner)) {
      issues.push(
        issueAt(
          doc,
          ptr(at, 'winner'),
          'unknown-variant',
          `winner "${winner}" is not one of the variations of experiment "${id}"`,
          didYouMean(
            winner,
            arms.map((a) => a.variant),
          ) ?? `use one of ${quoteList(arms.map((a) => a.variant))}`,
        ),
      );
    }
    if (value.status === 'stopped' && winner === undefined) {
      issues.push(
        issueAt(
          doc,
          ptr(at, 'status'),
          'stopped-without-winner',
          `experiment "${id}" is stopped but names no winner`,
          `add "winner": one of ${quoteList(arms.map((a) => a.variant))}; everyone then gets it`,
        ),
      );
    }
  }
  return issues;
}
