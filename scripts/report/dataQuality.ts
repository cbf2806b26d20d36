/**
 * The rules an event must pass to be analysed, and the data-quality figures of the report. The rules
 * themselves run in SQL, once, in sql/02_checks.sql (DuckDB, Postgres and a warehouse read the same
 * file); this module gives them their bounds, as the one-row table `report_rules`, and names the
 * reason each refused line is counted under. docs/report.md ("Data quality") explains each rule.
 */
import type { FunnelData } from '../../engine/index.ts';
import type { DataQuality, QualityRules } from './model.ts';

/**
 * The earliest time an event of this funnel may carry (2020-01-01 UTC): older times come from a
 * device clock that was reset (1970, year 1), not from a visit.
 */
export const EARLIEST_EVENT_MS = Date.UTC(2020, 0, 1);

/** How far past the analysis time an event's time may be: a device clock a few hours fast, and time zones. */
export const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

/** A purchase may bring at most this many times the dearest price of the plan catalogue (flows/plans.json). */
export const REVENUE_CAP_FACTOR = 10;

/**
 * Why a line is left out as invalid, in the order the rules are checked (a line is counted under the
 * first rule it breaks). Parsing problems (a line that is not JSON) are counted apart, as unparsable.
 */
export const INVALID_REASONS = [
  'no_visitor',
  'unknown_type',
  'no_event_name',
  'time_missing',
  'time_unreadable',
  'time_too_early',
  'time_in_future',
  'revenue_missing',
  'revenue_not_number',
  'revenue_not_finite',
  'revenue_negative',
  'revenue_too_large',
] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

const money = (x: number): string => x.toFixed(2);

/** What each reason means, with the bounds the report held the events to. */
export function reasonLabel(reason: string, rules: QualityRules): string {
  const labels: Record<InvalidReason, string> = {
    no_visitor: 'no anonymousId',
    unknown_type: 'type not track, page or identify',
    no_event_name: 'a track without its event name',
    time_missing: 'no timestamp',
    time_unreadable: 'timestamp not an ISO 8601 date',
    time_too_early: `time before ${rules.earliest.slice(0, 10)}`,
    time_in_future: `time after ${rules.latest}`,
    revenue_missing: 'purchase without a value',
    revenue_not_number: 'purchase value not a JSON number (a string, boolean, object)',
    revenue_not_finite: 'purchase value not finite (not-a-number or infinite)',
    revenue_negative: 'purchase value below 0 (refunds are not read)',
    revenue_too_large: `purchase value above ${money(rules.maxRevenue)} ${rules.currency}`,
  };
  return (INVALID_REASONS as readonly string[]).includes(reason) ? labels[reason as InvalidReason] : reason;
}

/** The dearest price in the plan catalogue: any plan's or the upsell's price, price charged today or renewal. */
function dearestPrice(data: FunnelData): number {
  const plans = [...Object.values(data.plans.plans), data.plans.upsell];
  return Math.max(0, ...plans.flatMap((p) => [p.price, p.periodPrice, p.renewal?.price ?? 0]));
}

/** The bounds of the rules for an analysis run at `analysedAt` (ms). */
export function qualityRules(data: FunnelData, analysedAt: number): QualityRules {
  return {
    earliest: new Date(EARLIEST_EVENT_MS).toISOString(),
    latest: new Date(analysedAt + FUTURE_TOLERANCE_MS).toISOString(),
    maxRevenue: Math.round(REVENUE_CAP_FACTOR * dearestPrice(data) * 100) / 100,
    currency: data.plans.currency,
  };
}

/** The table `report_rules` that sql/02_checks.sql reads: one row of bounds, plain SQL for every engine. */
export function qualityRulesStatement(rules: QualityRules): string {
  return (
    `CREATE TABLE report_rules AS SELECT CAST(${Date.parse(rules.earliest)} AS BIGINT) AS earliest_ms, ` +
    `CAST(${Date.parse(rules.latest)} AS BIGINT) AS latest_ms, CAST(${rules.maxRevenue} AS DOUBLE PRECISION) AS max_revenue`
  );
}

/** A row of sql/11_quality.sql: lines per class (status), per name within it, and the analysed ones with a corrected clock. */
export interface QualityRow {
  status: string;
  skewed: number;
  name: string | null;
  count: number;
}

/** The data-quality figures from the rows of 11_quality.sql and the visitors seen in several variations. */
export function qualityOf(rows: QualityRow[], multiple: Array<{ n: number }>, rules: QualityRules): DataQuality {
  const status = (name: string): number => rows.filter((r) => r.status === name).reduce((s, r) => s + r.count, 0);
  const names = (name: string): Array<{ name: string; count: number }> => {
    const counts = new Map<string, number>();
    for (const r of rows.filter((x) => x.status === name)) counts.set(r.name ?? '', (counts.get(r.name ?? '') ?? 0) + r.count);
    return [...counts].map(([n, count]) => ({ name: n, count })).sort((a, b) => b.count - a.count);
  };
  const order = (name: string): number => {
    const k = (INVALID_REASONS as readonly string[]).indexOf(name);
    return k < 0 ? INVALID_REASONS.length : k;
  };
  return {
    total: rows.reduce((s, r) => s + r.count, 0),
    analysed: status('ok'),
    unparsable: status('unparsable'),
    invalid: status('invalid'),
    invalidReasons: names('invalid').sort((a, b) => order(a.name) - order(b.name)),
    duplicates: status('duplicate'),
    bots: status('bot'),
    otherFunnel: status('other_funnel'),
    unknownEvents: status('unknown_event'),
    clockSkew: rows.filter((r) => r.skewed === 1).reduce((s, r) => s + r.count, 0),
    multipleExposures: multiple.reduce((s, r) => s + r.n, 0),
    unknownNames: names('unknown_event'),
    otherLandings: names('other_funnel'),
    rules,
  };
}
