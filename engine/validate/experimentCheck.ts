/**
 * The checks of flows/experiments.json beyond the schema: every variant and winner is a variant of
 * landings.json whose flow can serve each experimented path, weights are positive, no path is split by
 * two running experiments, and a stopped experiment names its winner.
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
    const arms = (Array.isArray(value.variants) ? value.variants : []).flatMap((arm, k): Array<Arm & { weight: unknown }> => {
      const variant = isObj(arm) ? str(arm.variant) : undefined;
      return variant === undefined ? [] : [{ variant, pointer: ptr(at, 'variants', k, 'variant'), weight: (arm as { weight?: unknown }).weight }];
    });
    for (const arm of arms) {
      issues.push(...checkArm(project, doc, arm, paths));
      if (typeof arm.weight === 'number' && !(arm.weight > 0)) {
        issues.push(
          issueAt(
            doc,
            arm.pointer.replace(/\/variant$/, '/weight'),
            'non-positive-weight',
            `weight ${arm.weight} of variant "${arm.variant}" in experiment "${id}" is not positive`,
            'give every variant a weight above 0 (weights are shares: 50 and 50 split evenly), or remove the variant',
          ),
        );
      }
    }
    const winner = str(value.winner);
    if (winner !== undefined && !arms.some((a) => a.variant === winner)) {
      issues.push(
        issueAt(
          doc,
          ptr(at, 'winner'),
          'unknown-variant',
          `winner "${winner}" is not one of the variants of experiment "${id}"`,
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
