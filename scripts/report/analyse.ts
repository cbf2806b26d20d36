/**
 * Runs the report: loads the inputs into DuckDB (load.ts), runs the SQL of sql/ in order (one pass over
 * the events, then the per-visitor rows; docs/report.md says how it runs on a warehouse),
 * and turns the aggregates into the report's model with the statistics of stats.ts. The flow files
 * give the steps (in walking order), the experiments' arms, weights and control (the first variant).
 */
import { existsSync, readFileSync } from 'node:fs';
import { experimentArms, experimentEntries, growthbookVariationId, variantIds, type FunnelData } from '../../engine/index.ts';
import { openDatabase, sqlString, type DatabaseOptions, type SqlSession } from './duckdb.ts';
import { fillUserAgentTables, USER_AGENT_TABLES } from './userAgents.ts';
import { experimentBreakdowns, type BreakdownRow } from './breakdowns.ts';
import { landingFunnel } from './flowModel.ts';
import { loadEvents, type Input } from './load.ts';
import { qualityOf, qualityRules, qualityRulesStatement, type QualityRow } from './dataQuality.ts';
import type { ArmReport, ExclusionRow, ExperimentReport, GroupMetrics, GroupReport, Report, StepRow } from './model.ts';
import { DEFAULT_TEST, MIN_CONVERSIONS, sampleRatioCheck, type TestOptions } from './stats.ts';
import { dailySeries, visitorsPerArmPerDay, type DailyRow } from './daily.ts';
import { compareArm, decide, experimentSettings, metricAlpha } from './decision.ts';

const SQL_DIR = new URL('./sql/', import.meta.url);
const CATALOGUE = new URL('../../flows/events.json', import.meta.url);

/** The statements of one SQL file of a folder (split at semicolons that end a line). */
export function sqlStatements(file: string, dir: URL = SQL_DIR): string[] {
  return readFileSync(new URL(file, dir), 'utf8')
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}

/**
 * The tables the SQL reads besides the events, as statements: this funnel's landing types, experiment
 * arms and conversion windows, event catalogue, steps (numbered) and flow entries, and the bounds of the data-quality rules
 * for an analysis at `analysedAt` (ms). Plain SQL that DuckDB and Postgres both take
 * (`npm run report -- --reference-sql` prints them for a warehouse).
 */
export function referenceTableStatements(data: FunnelData, analysedAt: number = Date.now()): string[] {
  const values = (rows: string[][]): string => rows.map((r) => `(${r.map(sqlString).join(', ')})`).join(', ');
  const landings = variantIds(data.landings).map((id) => [id]);
  // each variation's id as the exposure reports it (GrowthBook's) with the landing type it shows (the report's arm)
  const variations = experimentEntries(data.experiments).flatMap(([id, e]) => e.variations.map((v, k) => [id, growthbookVariationId(e, k), v]));
  const windows = experimentEntries(data.experiments).map(([id, e]) => `(${sqlString(id)}, ${experimentSettings(e).conversionWindowDays * 86_400_000})`);
  const catalogue = Object.keys((JSON.parse(readFileSync(CATALOGUE, 'utf8')) as { events: Record<string, unknown> }).events).map((n) => [n]);
  const entries = Object.values(data.flows).map((f) => [f.entry]);
  // entry: the step starts a flow (where a visit's landing page is), so the one pass needs no second lookup
  const entrySet = new Set(entries.map(([step]) => step));
  const steps = Object.values(data.flows).flatMap((f) => Object.keys(f.steps));
  return [
    `CREATE TABLE known_landings AS SELECT * FROM (VALUES ${values(landings)}) AS t (landing_type)`,
    variations.length
      ? `CREATE TABLE known_variations AS SELECT * FROM (VALUES ${values(variations)}) AS t (experiment_id, variation_id, landing_type)`
      : `CREATE TABLE known_variations (experiment_id VARCHAR, variation_id VARCHAR, landing_type VARCHAR)`,
    windows.length
      ? `CREATE TABLE experiment_windows AS SELECT * FROM (VALUES ${windows.join(', ')}) AS t (experiment_id, window_ms)`
      : `CREATE TABLE experiment_windows (experiment_id VARCHAR, window_ms BIGINT)`,
    `CREATE TABLE catalogue AS SELECT * FROM (VALUES ${values(catalogue)}) AS t (name)`,
    `CREATE TABLE entry_steps AS SELECT * FROM (VALUES ${values(entries)}) AS t (step)`,
    `CREATE TABLE known_steps AS SELECT * FROM (VALUES ${steps.map((id, k) => `(${sqlString(id)}, ${k + 1}, ${entrySet.has(id)})`).join(', ')}) AS t (step, step_no, entry)`,
    qualityRulesStatement(qualityRules(data, analysedAt)),
    ...USER_AGENT_TABLES,
  ];
}

export async function createReferenceTables(db: SqlSession, data: FunnelData, analysedAt: number = Date.now()): Promise<void> {
  for (const statement of referenceTableStatements(data, analysedAt)) await db.run(statement);
}

export interface MetricRow {
  dimension: string;
  dimension_key: string;
  group_key: string;
  visitors: number;
  signups: number;
  purchases: number;
  upsells: number;
  revenue: number;
  revenue_squares: number;
  paying: number;
  revenue_7d: number;
  revenue_30d: number;
  revenue_90d: number;
  refunds: number;
}
export interface StepCountRow {
  dimension: string;
  dimension_key: string;
  group_key: string;
  step: string;
  reached: number;
  completed: number;
}
export interface OutcomeRow extends Omit<StepCountRow, 'reached' | 'completed'> {
  outcome: string;
  visitors: number;
}

const groupId = (r: { dimension: string; dimension_key: string; group_key: string }): string => `${r.dimension}\u0000${r.dimension_key}\u0000${r.group_key}`;

const metricsOf = (key: string, r: MetricRow | undefined): GroupMetrics => ({
  key,
  visitors: r?.visitors ?? 0,
  signups: r?.signups ?? 0,
  purchases: r?.purchases ?? 0,
  upsells: r?.upsells ?? 0,
  revenue: r?.revenue ?? 0,
  revenueSquares: r?.revenue_squares ?? 0,
  paying: r?.paying ?? 0,
  revenue7d: r?.revenue_7d ?? 0,
  revenue30d: r?.revenue_30d ?? 0,
  revenue90d: r?.revenue_90d ?? 0,
  refunds: r?.refunds ?? 0,
});

/** The step table of a group: the landing's flow in walking order, then any other step its visitors reached. */
function stepRows(data: FunnelData, landingType: string | undefined, counts: StepCountRow[], outcomes: OutcomeRow[]): StepRow[] {
  const byStep = new Map(counts.map((c) => [c.step, c]));
  const outcomesOf = (step: string): Record<string, number> => Object.fromEntries(outcomes.filter((o) => o.step === step).map((o) => [o.outcome, o.visitors]));
  const funnel = landingType && variantIds(data.landings).includes(landingType) ? landingFunnel(data, landingType) : undefined;
  const rows: StepRow[] = (funnel?.steps ?? []).map((s) => ({
    id: s.id,
    depth: s.depth,
    from: s.from,
    path: s.path,
    terminal: !Object.keys(s.outcomes).length,
    reached: byStep.get(s.id)?.reached ?? 0,
    completed: byStep.get(s.id)?.completed ?? 0,
    outcomes: outcomesOf(s.id),
  }));
  const listed = new Set(rows.map((r) => r.id));
  for (const c of counts)
    if (!listed.has(c.step))
      rows.push({ id: c.step, depth: -1, from: [], path: '', terminal: false, reached: c.reached, completed: c.completed, outcomes: outcomesOf(c.step) });
  return rows;
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

function experimentNotes(e: Omit<ExperimentReport, 'notes' | 'decision'>): string[] {
  const notes: string[] = [];
  if (e.srm.mismatch) {
    const observed = e.arms.map((a) => `${a.key} ${a.visitors}`).join(', ');
    const expected = e.arms.map((a, k) => `${a.key} ${Math.round(e.srm.expected[k]!)}`).join(', ');
    notes.push(
      `Sample ratio mismatch (chi-square ${e.srm.chiSquare.toFixed(1)}, p = ${e.srm.pValue.toExponential(1)}): ${observed} against ${expected} expected. The split is broken; do not read the results below until it is fixed.`,
    );
  }
  const small = e.arms.filter((a) => a.purchases < MIN_CONVERSIONS);
  if (small.length)
    notes.push(
      `Too small to decide: ${small.map((a) => `${a.key} has ${a.purchases} purchase${a.purchases === 1 ? '' : 's'}`).join(', ')}; each arm needs at least ${MIN_CONVERSIONS} conversions of a metric before its result means anything.`,
    );
  if (e.multipleExposures)
    notes.push(
      `${e.multipleExposures} visitor(s) saw more than one variation and are left out of every arm (${percent(e.multipleExposures / Math.max(1, e.multipleExposures + e.arms.reduce((s, a) => s + a.visitors, 0)))}).`,
    );
  return notes;
}

/** What the SQL gives the report: the rows of the queries 07 to 11 and the visitors in several variations per experiment. */
export interface SqlFigures {
  metrics: MetricRow[];
  steps: StepCountRow[];
  outcomes: OutcomeRow[];
  daily: DailyRow[];
  quality: QualityRow[];
  multiple: Array<{ experiment_id: string; n: number }>;
  exclusions: ExclusionRow[];
  breakdowns: BreakdownRow[];
}

/**
 * Runs the SQL files (01 to 06 build, 07 to 11 are read) over the loaded events; a file of the same
 * name in `replacements` runs instead of the report's own: another dialect's (sql/postgres/), or the
 * reference a test holds the report against. `analysedAt` (ms) bounds the events' times (dataQuality.ts).
 */
export async function runReportSql(db: SqlSession, data: FunnelData, replacements?: URL, analysedAt: number = Date.now()): Promise<SqlFigures> {
  const statements = (file: string): string[] => sqlStatements(file, replacements && existsSync(new URL(file, replacements)) ? replacements : SQL_DIR);
  await createReferenceTables(db, data, analysedAt);
  await fillUserAgentTables(db);
  for (const file of ['01_event_names.sql', '02_checks.sql', '02_classified.sql', '03_visitors.sql', '04_exposures.sql', '05_groups.sql', '06_steps.sql'])
    for (const statement of statements(file)) await db.run(statement);
  const query = async <T>(file: string): Promise<T[]> => db.rows<T>(statements(file)[0]!);
  return {
    metrics: await query<MetricRow>('07_metrics.sql'),
    steps: await query<StepCountRow>('08_step_counts.sql'),
    outcomes: await query<OutcomeRow>('09_outcomes.sql'),
    daily: await query<DailyRow>('10_daily.sql'),
    quality: await query<QualityRow>('11_quality.sql'),
    multiple: await db.rows<{ experiment_id: string; n: number }>('SELECT experiment_id, COUNT(*) AS n FROM exposures WHERE multiple GROUP BY experiment_id'),
    exclusions: await query<ExclusionRow>('12_exclusions.sql'),
    breakdowns: await query<BreakdownRow>('13_breakdowns.sql'),
  };
}

/** Runs the SQL over the loaded events and builds the report; `dialect`: another engine's files (runReportSql). */
export async function reportFromDatabase(
  db: SqlSession,
  data: FunnelData,
  inputs: string[],
  dialect?: URL,
  analysedAt: number = Date.now(),
  test: TestOptions = DEFAULT_TEST,
): Promise<Report> {
  const { metrics, steps, outcomes, daily, quality: qualityRows, multiple, exclusions, breakdowns } = await runReportSql(db, data, dialect, analysedAt);

  const metricById = new Map(metrics.map((m) => [groupId(m), m]));
  const stepsOf = (dimension: string, dimensionKey: string, key: string, landingType: string | undefined): StepRow[] => {
    const id = groupId({ dimension, dimension_key: dimensionKey, group_key: key });
    return stepRows(
      data,
      landingType,
      steps.filter((s) => groupId(s) === id),
      outcomes.filter((o) => groupId(o) === id),
    );
  };
  const group = (dimension: string, key: string, withSteps: boolean): GroupReport => ({
    ...metricsOf(key, metricById.get(groupId({ dimension, dimension_key: '', group_key: key }))),
    steps: withSteps ? stepsOf(dimension, '', key, key) : [],
  });

  const exposed = new Set(metrics.filter((m) => m.dimension === 'experiment').map((m) => m.dimension_key));
  const quality = qualityOf(qualityRows, multiple, qualityRules(data, analysedAt));
  const experiments: ExperimentReport[] = experimentEntries(data.experiments)
    .filter(([id, e]) => e.status === 'running' || exposed.has(id))
    .map(([id, e]) => {
      const arms: ArmReport[] = experimentArms(e).map((v) => ({
        ...metricsOf(v.variant, metricById.get(groupId({ dimension: 'experiment', dimension_key: id, group_key: v.variant }))),
        weight: v.weight,
        steps: stepsOf('experiment', id, v.variant, v.variant),
      }));
      const settings = experimentSettings(e);
      const alphas = metricAlpha(settings, arms.length - 1, test);
      for (const arm of arms.slice(1)) arm.vsControl = compareArm(arms[0]!, arm, alphas, test);
      const days = daily.filter((d) => d.experiment_id === id);
      const base = {
        id,
        description: e.description ?? '',
        status: e.status,
        control: arms[0]!.key,
        arms,
        srm: sampleRatioCheck(
          arms.map((a) => a.visitors),
          arms.map((a) => a.weight),
        ),
        multipleExposures: multiple.find((r) => r.experiment_id === id)?.n ?? 0,
        daily: dailySeries(
          arms.map((a) => a.key),
          days,
          { ...test, alpha: alphas.purchase },
        ),
        settings,
        exclusions: exclusions.filter((x) => x.experiment_id === id),
        breakdowns: experimentBreakdowns(
          breakdowns.filter((b) => b.experiment_id === id),
          arms.map((a) => a.key),
          settings.goals[0]!,
          test,
        ),
      };
      return { ...base, notes: experimentNotes(base), decision: decide(arms, settings, base.srm, visitorsPerArmPerDay(days, arms.length)) };
    });

  const keysOf = (dimension: string): string[] => metrics.filter((m) => m.dimension === dimension).map((m) => m.group_key);
  return {
    generatedAt: new Date(analysedAt).toISOString(),
    inputs,
    experiments,
    landings: keysOf('landing').map((k) => group('landing', k, true)),
    sources: keysOf('utm_source').map((k) => group('utm_source', k, false)),
    quality,
  };
}

/** DuckDB's limits, and the analysis time (ms, default now) that bounds the events' times. */
export interface ReportOptions extends DatabaseOptions {
  analysedAt?: number;
  /** The statistics' settings (default: sequential, DEFAULT_TEST). */
  test?: TestOptions;
}

/** Opens an embedded DuckDB, reads the inputs and builds the report. */
export async function buildReport(data: FunnelData, inputs: Input[], options: ReportOptions = {}): Promise<Report> {
  const db = await openDatabase(options);
  try {
    await loadEvents(db, inputs);
    return await reportFromDatabase(
      db,
      data,
      inputs.map((i) => i.path),
      undefined,
      options.analysedAt,
      options.test,
    );
  } finally {
    db.close();
  }
}
