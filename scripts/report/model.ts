/** The report's numbers, as the terminal table and the HTML page render them. */
import type { Comparison, SampleRatioCheck } from './stats.ts';
import type { Decision, ExperimentSettings } from './decision.ts';
import type { BreakdownGroup } from './breakdowns.ts';

/** The conversions the report compares, in the order they are shown. */
export const METRICS = ['signup', 'purchase', 'upsell', 'revenue'] as const;
export type MetricKey = (typeof METRICS)[number];

export const METRIC_LABELS: Record<MetricKey, string> = {
  signup: 'signup',
  purchase: 'purchase',
  upsell: 'upsell',
  revenue: 'revenue / visitor',
};

export interface GroupMetrics {
  key: string;
  visitors: number;
  signups: number;
  purchases: number;
  upsells: number;
  revenue: number;
  revenueSquares: number;
  /** Visitors with any revenue. */
  paying: number;
  /**
   * Revenue over time, with the subscription's renewals and less its refunds (docs/report.md), within
   * 7, 30 and 90 days of the exposure for an experiment's arm; the first payments for other groups.
   */
  revenue7d: number;
  revenue30d: number;
  revenue90d: number;
  /** Visitors with a refund (an experiment's arms). */
  refunds: number;
}

export interface StepRow {
  id: string;
  /** Steps from the flow's entry; -1 for a step seen in the events but not on this variant's flow. */
  depth: number;
  /** The steps that lead here. */
  from: string[];
  path: string;
  /** The flow ends here (no `next`): nobody drops off at the last step. */
  terminal: boolean;
  reached: number;
  completed: number;
  /** Visitors who left the step by each outcome. */
  outcomes: Record<string, number>;
}

export interface GroupReport extends GroupMetrics {
  /** The steps of the group's flow in walking order (empty for groups that mix flows, as UTM sources do). */
  steps: StepRow[];
}

export interface ArmReport extends GroupReport {
  weight: number;
  /** Against the control; absent for the control itself. */
  vsControl?: Record<MetricKey, Comparison>;
}

export interface DailyPoint {
  /** Days since the epoch (UTC). */
  day: number;
  /** Cumulative visitors and purchase rate per arm, in the arms' order. */
  visitors: number[];
  purchaseRate: number[];
  /** Cumulative relative lift in purchase of each arm against the control (null for the control) with its interval. */
  lift: Array<{ lift: number | null; low: number | null; high: number | null } | null>;
}

export interface ExperimentReport {
  id: string;
  description: string;
  status: string;
  control: string;
  arms: ArmReport[];
  srm: SampleRatioCheck;
  /** Visitors seen in more than one variation, left out of every arm. */
  multipleExposures: number;
  daily: DailyPoint[];
  /** Goals, guardrails and conversion window (flows/experiments.json, with the defaults). */
  settings: ExperimentSettings;
  /** The arms' conversions that do not count for the experiment, by reason (sql/12_exclusions.sql). */
  exclusions: ExclusionRow[];
  /** The arms within each UTM source, country, device and language (exploratory, uncorrected). */
  breakdowns: BreakdownGroup[];
  /** The one line read first: winner, no winner yet (with the visitors needed), or stop. */
  decision: Decision;
  /** What to read first: a broken split, a sample too small to decide. */
  notes: string[];
}

/** Conversions of an experiment's visitors left out of it: before the exposure, after the window, or (renewals, refunds) after 90 days. */
export interface ExclusionRow {
  experiment_id: string;
  reason: 'before_exposure' | 'after_window' | 'after_90_days';
  role: 'signup' | 'purchase' | 'upsell' | 'renewal' | 'refund';
  events: number;
  revenue: number;
}

export interface DataQuality {
  /** Lines or records read. */
  total: number;
  analysed: number;
  unparsable: number;
  invalid: number;
  /** The invalid lines per reason (dataQuality.ts INVALID_REASONS), in the order the rules are checked. */
  invalidReasons: Array<{ name: string; count: number }>;
  duplicates: number;
  /** Lines of known bots (their user agent, by isbot), left out. */
  bots: number;
  otherFunnel: number;
  unknownEvents: number;
  /** Analysed events whose time was corrected for the device's clock (or is far from when it was received). */
  clockSkew: number;
  multipleExposures: number;
  /** The names behind unknown events and other funnels' landing types, most frequent first. */
  unknownNames: Array<{ name: string; count: number }>;
  otherLandings: Array<{ name: string; count: number }>;
  /** The bounds the events were held to. */
  rules: QualityRules;
}

/** The bounds of the data-quality rules (sql/02_checks.sql, dataQuality.ts). */
export interface QualityRules {
  /** No event time before this (ISO). */
  earliest: string;
  /** No event time after this (ISO): the analysis time plus a tolerance. */
  latest: string;
  /** The highest revenue one purchase or upsell may bring, in `currency`. */
  maxRevenue: number;
  currency: string;
}

export interface Report {
  generatedAt: string;
  inputs: string[];
  experiments: ExperimentReport[];
  landings: GroupReport[];
  sources: GroupReport[];
  quality: DataQuality;
}
