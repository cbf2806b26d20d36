/**
 * The few lines at the top of a review, to paste into a pull request.
 * @example summaryLines(review) // ['3 screens changed in 13 languages', 'variant spring added (/spring)', 'traffic on /: …', 'no price changed']
 */
import { percent } from '../../engine/review/index.ts';
import type { Review } from './model.ts';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

export function summaryLines(review: Review): string[] {
  const lines: string[] = [];
  const changed = review.screens.filter((s) => s.status === 'changed');
  const added = review.screens.filter((s) => s.status === 'added');
  const failed = review.screens.filter((s) => s.status === 'failed');
  const ids = (list: typeof changed): number => new Set(list.map((s) => s.id)).size;
  const languages = (list: typeof changed): number => new Set(list.map((s) => s.language)).size;
  if (changed.length) lines.push(`${plural(ids(changed), 'screen')} changed in ${plural(languages(changed), 'language')}`);
  if (added.length) lines.push(`${plural(ids(added), 'new screen')} in ${plural(languages(added), 'language')}`);
  if (review.removedScreens.length) lines.push(`${plural(review.removedScreens.length, 'screen')} removed: ${review.removedScreens.join(', ')}`);
  const unchanged = review.screens.filter((s) => s.status === 'unchanged');
  if (unchanged.length) lines.push(`${plural(unchanged.length, 'rendering')} compared unchanged`);
  if (!review.screens.length) lines.push('no screen can look different: none rendered');
  if (review.notRendered.length) lines.push(`${plural(review.notRendered.length, 'more screen')} can look different but were not rendered (--limit)`);
  if (failed.length) lines.push(`⚠ ${plural(failed.length, 'screenshot')} failed`);
  if (review.texts.length)
    lines.push(
      `${plural(new Set(review.texts.map((t) => t.key)).size, 'text')} changed in ${plural(new Set(review.texts.map((t) => t.language)).size, 'language')}`,
    );
  for (const flow of review.flows) {
    const parts = [
      flow.addedSteps.length ? `added ${flow.addedSteps.join(', ')}` : '',
      flow.removedSteps.length ? `removed ${flow.removedSteps.join(', ')}` : '',
      flow.rewiredSteps.length ? `rewired ${flow.rewiredSteps.join(', ')}` : '',
      flow.changedSteps.length ? `changed ${flow.changedSteps.join(', ')}` : '',
    ].filter(Boolean);
    lines.push(`flow ${flow.flowId} ${flow.status === 'changed' ? '' : `${flow.status} `}${parts.length ? `(steps ${parts.join('; ')})` : ''}`.trim());
  }
  for (const id of review.variants.added) {
    const variant = review.afterData.landings[id] as { paths?: string[] } | undefined;
    lines.push(`variant ${id} added${variant?.paths ? ` (${variant.paths.join(' ')})` : ''}`);
  }
  if (review.variants.removed.length) lines.push(`variants removed: ${review.variants.removed.join(', ')}`);
  if (review.variants.changed.length) lines.push(`variants changed: ${review.variants.changed.join(', ')}`);
  for (const row of review.traffic) {
    const variants = [...new Set([...Object.keys(row.before), ...Object.keys(row.after)])];
    const shares = variants.map((v) => `${v} ${percent(row.after[v] ?? 0)} (was ${percent(row.before[v] ?? 0)})`);
    lines.push(`traffic on ${row.path}${row.experimentId ? ` (experiment ${row.experimentId})` : ''}: ${shares.join(', ')}`);
  }
  for (const w of review.rebucket)
    lines.push(`⚠ running experiment ${w.experimentId}: ${w.fields.join(', ')} changed: visitors already in it would be bucketed anew`);
  if (review.prices.length) {
    const plans = [...new Set(review.prices.map((p) => p.plan))];
    lines.push(
      `${plural(review.prices.length, 'price sentence')} changed (${plans.join(', ')}; ${plural(new Set(review.prices.map((p) => p.language)).size, 'language')})`,
    );
  } else lines.push('no price changed');
  if (review.plans.added.length || review.plans.removed.length) {
    lines.push(
      `plans${review.plans.added.length ? ` added: ${review.plans.added.join(', ')}` : ''}${review.plans.removed.length ? ` removed: ${review.plans.removed.join(', ')}` : ''}`,
    );
  }
  const { added: newFindings, removed: goneFindings } = review.findings;
  if (newFindings.length || goneFindings.length) lines.push(`validator findings: ${signed(newFindings.length)} new, ${goneFindings.length} gone`);
  const js = review.bytes.after.landingJsGzip - review.bytes.before.landingJsGzip;
  const html = review.bytes.after.landingHtmlGzip - review.bytes.before.landingHtmlGzip;
  if (js || html) lines.push(`landing: JavaScript ${signed(js)} B gzip, HTML ${signed(html)} B gzip`);
  return lines;
}
