/**
 * The decision layer: per experiment, its goals and guardrails (flows/experiments.json, with the
 * defaults below), the comparisons of every arm against the control with the goals corrected for
 * multiple testing (Bonferroni: each of the m goal comparisons at alpha / m), and the one line a
 * marketer reads first: the winner, "no winner yet" with the visitors still needed, or "stop".
 */
import type { Experiment } from '../../engine/index.ts';
import type { ExperimentMetric } from '../../engine/types/experiments.gen.ts';
import { DEFAULT_CONVERSION_WINDOW_DAYS, DEFAULT_EXPERIMENT_METRICS } from '../../engine/validate/experimentRunCheck.ts';
import { METRIC_LABELS, METRICS, type GroupMetrics, type MetricKey } from './model.ts';
import {
  compareMeans,
  compareProportions,
  DEFAULT_TEST,
  MIN_CONVERSIONS,
  visitorsNeeded,
  type Comparison,
  type SampleRatioCheck,
  type TestOptions,
} from './stats.ts';

export interface ExperimentSettings {
  goals: MetricKey[];
  /** Guardrails other than the goals. */
  guardrails: MetricKey[];
  conversionWindowDays: number;
}

export function experimentSettings(e: Experiment): ExperimentSettings {
  const goals: MetricKey[] = [...(e.goals ?? DEFAULT_EXPERIMENT_METRICS.goals)];
  const guardrails = (e.guardrails ?? DEFAULT_EXPERIMENT_METRICS.guardrails).filter((m: ExperimentMetric) => !goals.includes(m));
  return { goals, guardrails, conversionWindowDays: e.conversionWindowDays ?? DEFAULT_CONVERSION_WINDOW_DAYS };
}

/** The count behind a conversion metric of a group. */
const conversions = (g: GroupMetrics, metric: Exclude<MetricKey, 'revenue'>): number =>
  metric === 'signup' ? g.signups : metric === 'purchase' ? g.purchases : g.upsells;

/** One metric of an arm against the control. */
export function compareMetric(control: GroupMetrics, arm: GroupMetrics, metric: MetricKey, options: TestOptions): Comparison {
  if (metric === 'revenue')
    return compareMeans(
      { n: control.visitors, sum: control.revenue, sumSquares: control.revenueSquares, nonZero: control.paying },
      { n: arm.visitors, sum: arm.revenue, sumSquares: arm.revenueSquares, nonZero: arm.paying },
      options,
    );
  return compareProportions({ n: control.visitors, x: conversions(control, metric) }, { n: arm.visitors, x: conversions(arm, metric) }, options);
}

/** The level each metric is tested at: the goals share alpha (Bonferroni over goals and variants), the rest at alpha. */
export function metricAlpha(settings: ExperimentSettings, variants: number, base: TestOptions = DEFAULT_TEST): Record<MetricKey, number> {
  const m = Math.max(1, settings.goals.length * variants);
  return Object.fromEntries(METRICS.map((k) => [k, settings.goals.includes(k) ? base.alpha / m : base.alpha])) as Record<MetricKey, number>;
}

/** Every metric of an arm against the control, the goals at their corrected level. */
export function compareArm(
  control: GroupMetrics,
  arm: GroupMetrics,
  alphas: Record<MetricKey, number>,
  base: TestOptions = DEFAULT_TEST,
): Record<MetricKey, Comparison> {
  return Object.fromEntries(METRICS.map((m) => [m, compareMetric(control, arm, m, { ...base, alpha: alphas[m] })])) as Record<MetricKey, Comparison>;
}

export interface Decision {
  kind: 'winner' | 'keep-running' | 'stop-guardrail' | 'broken-split' | 'no-data';
  /** The winning variation (the control when every variant is worse on a goal). */
  winner?: string;
  /** The first line of the experiment in every view. */
  headline: string;
  /** More visitors per arm the goals need, and the days that takes at the arms' current daily rate. */
  moreVisitorsPerArm?: number;
  days?: number;
}

interface DecisionArm extends GroupMetrics {
  vsControl?: Record<MetricKey, Comparison>;
}

const signed = (x: number | null): string => (x === null ? '–' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`);
const round = (n: number): string => (n >= 1000 ? Math.round(n / 100) * 100 : Math.ceil(n)).toLocaleString('en-US');

/**
 * The decision from the arms' comparisons: a broken split first, then a guardrail worse in some
 * variant (stop), then a winner (a variant better on a goal and worse on none; the control when every
 * variant is worse on a goal), else the visitors still needed for today's lift to be established.
 * `visitorsPerArmPerDay`: the arms' recent traffic, for the days.
 */
export function decide(arms: DecisionArm[], settings: ExperimentSettings, srm: SampleRatioCheck, visitorsPerArmPerDay: number): Decision {
  const [control, ...variants] = arms;
  if (!control || !variants.length || !control.visitors) return { kind: 'no-data', headline: 'No winner yet: no visitors exposed yet.' };
  if (srm.mismatch)
    return { kind: 'broken-split', headline: 'Stop: the split is broken (sample ratio mismatch); fix the assignment before reading any result.' };
  for (const arm of variants)
    for (const g of settings.guardrails) {
      const c = arm.vsControl?.[g];
      if (c?.verdict === 'worse')
        return {
          kind: 'stop-guardrail',
          headline: `Stop: a guardrail is worse: ${arm.key} changes ${METRIC_LABELS[g]} by ${signed(c.lift)} [${signed(c.liftLow)}, ${signed(c.liftHigh)}].`,
        };
    }
  const goalVerdicts = (arm: DecisionArm): Comparison[] => settings.goals.map((g) => arm.vsControl![g]);
  const winners = variants.filter(
    (a) => a.vsControl && goalVerdicts(a).some((c) => c.verdict === 'better') && !goalVerdicts(a).some((c) => c.verdict === 'worse'),
  );
  const goalLabel = METRIC_LABELS[settings.goals[0]!];
  if (winners.length) {
    const best = winners.reduce((a, b) => (b.vsControl![settings.goals[0]!].lift! > a.vsControl![settings.goals[0]!].lift! ? b : a));
    const c = best.vsControl![settings.goals[0]!];
    return {
      kind: 'winner',
      winner: best.key,
      headline: `Winner: ${best.key}, ${goalLabel} ${signed(c.lift)} [${signed(c.liftLow)}, ${signed(c.liftHigh)}] against ${control.key}.`,
    };
  }
  if (variants.every((a) => a.vsControl && goalVerdicts(a).some((c) => c.verdict === 'worse')))
    return { kind: 'winner', winner: control.key, headline: `Winner: ${control.key} (the control); every variant is worse on ${goalLabel}.` };
  // the visitors per arm at which the largest of today's goal lifts would be established, and at least MIN_CONVERSIONS each
  let needed = 0;
  for (const arm of variants)
    for (const g of settings.goals) {
      const c = arm.vsControl?.[g];
      const n = c ? visitorsNeeded(c, { n: control.visitors }, { n: arm.visitors }) : null;
      if (n !== null) needed = Math.max(needed, n);
      if (g !== 'revenue') {
        const rate = Math.min(conversions(control, g) / control.visitors, conversions(arm, g) / Math.max(1, arm.visitors));
        needed = Math.max(needed, rate > 0 ? MIN_CONVERSIONS / rate : Infinity);
      }
    }
  // the variant ahead on the first goal so far, named so the reader knows which way it leans
  const leader = variants.reduce((a, b) =>
    (b.vsControl?.[settings.goals[0]!]?.lift ?? -Infinity) > (a.vsControl?.[settings.goals[0]!]?.lift ?? -Infinity) ? b : a,
  );
  const leadLift = leader.vsControl?.[settings.goals[0]!]?.lift ?? null;
  const leaning = leadLift === null ? '' : leadLift > 0 ? ` (${leader.key} leads, ${goalLabel} ${signed(leadLift)})` : ` (${control.key} leads)`;
  const largest = Math.max(...arms.map((a) => a.visitors));
  const more = Math.max(0, needed - largest);
  if (!Number.isFinite(more))
    return { kind: 'keep-running', headline: `No winner yet${leaning}: at today's rates no realistic sample would establish a difference in ${goalLabel}.` };
  const days = visitorsPerArmPerDay > 0 ? Math.ceil(more / visitorsPerArmPerDay) : undefined;
  return {
    kind: 'keep-running',
    moreVisitorsPerArm: Math.ceil(more),
    days,
    headline: `No winner yet${leaning}: about ${round(more)} more visitors per arm needed at today's rate${days !== undefined ? ` (about ${days} day${days === 1 ? '' : 's'})` : ''}.`,
  };
}
