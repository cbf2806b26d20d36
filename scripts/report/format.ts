/** Number formats and row builders shared by the terminal table and the HTML page, so both show the same figures. */
import { reasonLabel } from './dataQuality.ts';
import { BREAKDOWN_LABELS } from './breakdowns.ts';
import type { ExperimentSettings } from './decision.ts';
import {
  METRIC_LABELS,
  METRICS,
  type ArmReport,
  type DataQuality,
  type ExclusionRow,
  type ExperimentReport,
  type GroupMetrics,
  type GroupReport,
  type MetricKey,
} from './model.ts';
import type { Comparison } from './stats.ts';

export const int = (n: number): string => n.toLocaleString('en-US');
export const pct = (x: number | null | undefined, digits = 1): string =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : `${(x * 100).toFixed(digits)}%`;
export const signedPct = (x: number | null | undefined): string =>
  x === null || x === undefined || !Number.isFinite(x) ? '–' : `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
export const usd = (x: number): string => (Number.isFinite(x) ? `$${x.toFixed(2)}` : '–');
export const pValue = (p: number | null): string => (p === null ? '–' : p < 0.001 ? '<0.001' : p.toFixed(3));

/** A metric's value in a group: a rate of visitors, or revenue per visitor. */
export function metricValue(g: GroupMetrics, metric: MetricKey): string {
  if (!g.visitors) return '–';
  if (metric === 'revenue') return usd(g.revenue / g.visitors);
  const count = metric === 'signup' ? g.signups : metric === 'purchase' ? g.purchases : g.upsells;
  return `${pct(count / g.visitors, 2)} (${int(count)})`;
}

export const METRIC_HEADER = ['visitors', ...METRICS.map((m) => METRIC_LABELS[m])];

/**
 * Each arm's expected loss on the first goal if it were shipped (gbstats' risk, relative to the
 * control): a variant's own; the control's, the largest loss of keeping it against any variant.
 */
export function expectedLossCells(e: ExperimentReport): string[] {
  const goal = e.settings.goals[0]!;
  const risks = e.arms.slice(1).map((a) => a.vsControl?.[goal]?.risk ?? null);
  const control = risks.some((r) => r) ? pct(Math.max(...risks.map((r) => r?.control ?? 0)), 2) : '–';
  return [control, ...risks.map((r) => (r ? pct(r.variant, 2) : '–'))];
}

/** The arm table of an experiment: the metrics, then the expected loss on the first goal. */
export function armTable(e: ExperimentReport): { header: string[]; rows: string[][] } {
  const loss = expectedLossCells(e);
  return {
    header: [
      'arm',
      ...METRIC_HEADER,
      'revenue / visitor at 7, 30, 90 days',
      'refund rate',
      `expected loss if shipped (${METRIC_LABELS[e.settings.goals[0]!]})`,
    ],
    rows: e.arms.map((a, k) => [
      a.key,
      ...metricCells(a),
      a.visitors ? [a.revenue7d, a.revenue30d, a.revenue90d].map((r) => usd(r / a.visitors)).join(', ') : '–',
      a.visitors ? `${pct(a.refunds / a.visitors, 2)} (${int(a.refunds)})` : '–',
      loss[k]!,
    ]),
  };
}

/** visitors and each metric of a group. */
export const metricCells = (g: GroupMetrics): string[] => [int(g.visitors), ...METRICS.map((m) => metricValue(g, m))];

export const COMPARISON_HEADER = ['metric', 'role', 'arm', 'lift', 'interval', 'chance to beat control', 'expected loss if shipped', 'p-value', 'verdict'];

/** A metric's part in the decision. */
const roleOf = (settings: ExperimentSettings, metric: MetricKey): string =>
  settings.goals.includes(metric) ? 'goal' : settings.guardrails.includes(metric) ? 'guardrail' : 'other';

/** One row per metric (goals first, then guardrails, then the rest) and non-control arm. */
export function comparisonRows(arms: ArmReport[], settings: ExperimentSettings): string[][] {
  const rows: string[][] = [];
  const order = [...settings.goals, ...settings.guardrails, ...METRICS.filter((m) => !settings.goals.includes(m) && !settings.guardrails.includes(m))];
  for (const metric of order)
    for (const arm of arms) {
      const c: Comparison | undefined = arm.vsControl?.[metric];
      if (!c) continue;
      rows.push([
        METRIC_LABELS[metric],
        roleOf(settings, metric),
        arm.key,
        signedPct(c.lift),
        `[${signedPct(c.liftLow)}, ${signedPct(c.liftHigh)}]`,
        pct(c.chanceToBeat),
        c.risk ? pct(c.risk.variant, 2) : '–',
        pValue(c.pValue),
        c.verdict,
      ]);
    }
  return rows;
}

const ROLE_NAMES: Record<ExclusionRow['role'], string> = { signup: 'signup', purchase: 'purchase', upsell: 'upsell', renewal: 'renewal', refund: 'refund' };
const REASON_NAMES: Record<ExclusionRow['reason'], string> = {
  before_exposure: 'before the exposure',
  after_window: 'after the window',
  after_90_days: 'after 90 days',
};

/** What the comparisons mean and what they left out, under the decision. */
export function decisionDetails(e: ExperimentReport): string[] {
  const { settings } = e;
  const level = (alpha: number): string => `${Number(((1 - alpha) * 100).toFixed(2))}%`;
  const goalAlpha = e.arms[1]?.vsControl?.[settings.goals[0]!]?.alpha ?? 0.05;
  const sequential = e.arms[1]?.vsControl?.[settings.goals[0]!]?.sequential ?? true;
  const lines = [
    `Goal${settings.goals.length > 1 ? 's' : ''}: ${settings.goals.map((g) => METRIC_LABELS[g]).join(', ')}` +
      (settings.goals.length * (e.arms.length - 1) > 1 ? ` (each at ${level(goalAlpha)}, Bonferroni over goals and variants)` : '') +
      `; guardrails: ${settings.guardrails.map((g) => METRIC_LABELS[g]).join(', ') || 'none'}. ` +
      `Conversions count from each visitor's first exposure for ${settings.conversionWindowDays} day${settings.conversionWindowDays === 1 ? '' : 's'}.`,
    sequential
      ? 'Sequential test: the intervals and the daily chart stay valid however often they are read; stop as soon as the headline names a winner.'
      : 'Fixed-horizon test: valid only when read once, at a sample size decided in advance; reading it every day finds differences that are not there.',
  ];
  if (e.exclusions.length) {
    const parts = e.exclusions.map(
      (x) => `${int(x.events)} ${ROLE_NAMES[x.role]}${x.events === 1 ? '' : 's'} ${REASON_NAMES[x.reason]}${x.revenue ? ` (${usd(x.revenue)})` : ''}`,
    );
    lines.push(`Left out of the arms: ${parts.join(', ')}.`);
  }
  return lines;
}

/** The step table of several groups side by side: per step, visitors who reached it (share of the group) and the drop-off at it. */
export function stepTable(groups: GroupReport[]): { header: string[]; rows: string[][] } {
  const header = ['step', ...groups.flatMap((g) => [`${g.key}: reached`, 'drop-off'])];
  const order: Array<{ id: string; depth: number; from: string[] }> = [];
  for (const g of groups) for (const s of g.steps) if (!order.some((o) => o.id === s.id)) order.push({ id: s.id, depth: s.depth, from: s.from });
  const rows = order.map((o) => {
    const branch = o.depth < 0 ? ' (not on this flow)' : '';
    const cells = groups.flatMap((g) => {
      const s = g.steps.find((x) => x.id === o.id);
      if (!s || !s.reached) return ['–', '–'];
      const outcomes = Object.entries(s.outcomes);
      const split = outcomes.length > 1 ? ` (${outcomes.map(([k, n]) => `${k} ${int(n)}`).join(', ')})` : '';
      return [`${int(s.reached)} (${pct(s.reached / Math.max(1, g.visitors))})`, s.terminal ? 'end' : `${pct(1 - s.completed / s.reached)}${split}`];
    });
    return [`${'  '.repeat(Math.max(0, o.depth))}${o.id}${branch}`, ...cells];
  });
  return { header, rows };
}

export const QUALITY_ROWS = (q: DataQuality): string[][] => [
  ['lines or records read', int(q.total)],
  ['analysed', int(q.analysed)],
  ['unparsable (truncated or not JSON)', int(q.unparsable)],
  ['invalid (left out), by reason:', int(q.invalid)],
  ...q.invalidReasons.map((r) => [`  ${r.name}: ${reasonLabel(r.name, q.rules)}`, int(r.count)]),
  ['duplicates (same messageId, or a purchase re-sent with its order_id; first copy kept)', int(q.duplicates)],
  ['known bots (user agent; left out)', int(q.bots)],
  [
    'another funnel (unknown landing type or experiment)',
    int(q.otherFunnel) + (q.otherLandings.length ? ` (${q.otherLandings.map((o) => `${o.name} ${int(o.count)}`).join(', ')})` : ''),
  ],
  ['unknown events', int(q.unknownEvents) + (q.unknownNames.length ? ` (${q.unknownNames.map((o) => `${o.name} ${int(o.count)}`).join(', ')})` : '')],
  ['clock skew corrected (kept)', int(q.clockSkew)],
  ['visitors in several variations (left out)', int(q.multipleExposures)],
];

/** The headline's word on the lines left out as invalid, or nothing when there are none. */
export const invalidSummary = (q: DataQuality): string => (q.invalid ? `; ${int(q.invalid)} refused as invalid (by reason in the data quality)` : '');

/** The note every view puts on the breakdowns. */
export const BREAKDOWN_NOTE =
  'Exploratory: the arms within each UTM source, country, device and language, on the first goal. Many comparisons, none corrected for the others: a difference here is a lead for a next experiment, not a result.';

/** The breakdown table of an experiment: per value, each arm's visitors and goal, each variant's lift and interval. */
export function breakdownTable(e: ExperimentReport): { header: string[]; rows: string[][] } {
  const goal = e.settings.goals[0]!;
  const header = [
    'breakdown',
    'value',
    ...e.arms.map((a) => `${a.key}: visitors, ${METRIC_LABELS[goal]}`),
    ...e.arms.slice(1).map((a) => `${a.key}: lift [interval]`),
  ];
  const rows = e.breakdowns.map((g) => [
    BREAKDOWN_LABELS[g.breakdown],
    g.value,
    ...g.arms.map((m) => `${int(m.visitors)}: ${metricValue(m, goal)}`),
    ...g.vsControl.slice(1).map((c) => (c && c.lift !== null ? `${signedPct(c.lift)} [${signedPct(c.liftLow)}, ${signedPct(c.liftHigh)}]` : '–')),
  ]);
  return { header, rows };
}
