/**
 * The rating and reviews a paywall shows are the product's own store figures, kept as data in the
 * flow (the step's `reviews`). Figures still marked `"sample": true` are a warning: they must not
 * reach visitors as if they were the app's, but a preview with them is fine. The same holds for any
 * step whose own props are marked `"sample": true` (a fact or a quote between questions): its
 * `source` says where the real one must come from.
 */
import { issueAt } from './load.ts';
import type { Project } from './project.ts';
import { isObj, ptr, type ValidationIssue } from './types.ts';

/** One warning per step whose `reviews` are marked as sample figures. */
export function checkSampleReviews(project: Project): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const step of project.steps.values()) {
    const reviews = step.props?.reviews;
    if (!isObj(reviews) || reviews.sample !== true) continue;
    issues.push({
      ...issueAt(
        step.doc,
        ptr(step.pointer, 'props', 'reviews', 'sample'),
        'sample-reviews',
        `step "${step.id}": the rating (${String(reviews.rating)}), its count (${String(reviews.count)}) and the reviews are sample figures, not the product's own`,
        "put the app's own store rating, rating count and reviews in reviews, name where they come from in reviews.source, then remove reviews.sample",
      ),
      severity: 'warning',
    });
  }
  return issues;
}

/** One warning per step whose props are marked as a sample (a fact, a figure or a quote still to be sourced). */
export function checkSampleContent(project: Project): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const step of project.steps.values()) {
    if (step.props?.sample !== true) continue;
    const source = typeof step.props.source === 'string' ? step.props.source : '';
    issues.push({
      ...issueAt(
        step.doc,
        ptr(step.pointer, 'props', 'sample'),
        'sample-content',
        `step "${step.id}": its content is a sample, not a sourced one${source ? ` (source: ${source})` : ''}`,
        'put the real fact or quote in the step, name where it comes from in source, then remove sample',
      ),
      severity: 'warning',
    });
  }
  return issues;
}
