/**
 * The report refuses bad numbers and says so, through every loader: a simulated log with hostile
 * lines (reportHostile.ts: revenue as strings, booleans, objects, NaN, huge or negative; times in
 * 1970, 2099, year 0, unreadable or missing; no visitor, type or name) read as JSON lines by DuckDB
 * and by Postgres (PGlite), and as Parquet (JSON-text columns, and typed struct columns holding NaN,
 * infinities and out-of-range times). Each loader must count every hostile line under its reason,
 * keep every total a finite number, and give the good events' figures exactly as without them.
 */
import { appendFileSync, copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FunnelData } from '../../engine/index.ts';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { buildReport } from '../../scripts/report/analyse.ts';
import { INVALID_REASONS, qualityRules } from '../../scripts/report/dataQuality.ts';
import { openDatabase, sqlString } from '../../scripts/report/duckdb.ts';
import { reportPage } from '../../scripts/report/html.ts';
import type { GroupMetrics, Report } from '../../scripts/report/model.ts';
import { jsonToParquet } from '../../scripts/report/parquet.ts';
import { buildPostgresReport } from '../../scripts/report/postgres.ts';
import { DEFAULT_OPTIONS, simulationModel, type VisitorWalk } from '../../scripts/report/simulator.ts';
import { writeEventLog } from '../../scripts/report/simWriter.ts';
import { terminalReport } from '../../scripts/report/terminal.ts';
import { LATAM_OFFER } from '../fixtures/latamOffer.ts';
import { expectedReasons, hostileLines, type HostileLine } from './reportHostile.ts';

const START = Date.UTC(2026, 0, 1);
/** The analysis time the rules are bounded by (a fixed one: the window is derived from it). */
const ANALYSED_AT = Date.UTC(2026, 2, 1);
/**
 * A purchase whose value is the bare literal NaN, which is not JSON: DuckDB's reader takes it (a
 * value that is not finite, refused as such), Postgres's does not (the line is unparsable).
 */
const nanLiteral = (visitor: string): string =>
  `{"messageId":"nan-literal","anonymousId":${JSON.stringify(visitor)},"type":"track","event":"Order Completed","timestamp":"${new Date(START).toISOString()}","properties":{"value":NaN}}`;
/** A name from the data that must reach the HTML escaped. */
const HTML_NAME = '<img src=x onerror=alert(1)>';

let dir: string;
let data: FunnelData;
let hostile: HostileLine[];
let clean: Report;
/** Real visitors of the log who neither signed up nor bought: a hostile signup or purchase kept by mistake would show. */
let idle: string[];

const json = (): string => join(dir, 'hostile.jsonl');

/** The group figures of a report (arms, landings, sources), money to the cent: sums of doubles in another order differ in the last bits. */
function figures(r: Report): unknown[] {
  const cents = ({ steps: _, ...g }: GroupMetrics & { steps?: unknown }) => ({
    ...g,
    revenue: Math.round(g.revenue * 100),
    revenueSquares: Math.round(g.revenueSquares * 100),
    revenue7d: Math.round(g.revenue7d * 100),
    revenue30d: Math.round(g.revenue30d * 100),
    revenue90d: Math.round(g.revenue90d * 100),
  });
  return [...r.experiments.flatMap((e) => e.arms.map(({ vsControl: _v, weight: _w, ...a }) => cents(a))), ...r.landings.map(cents), ...r.sources.map(cents)];
}

/** Every total of every group: each must be a finite number. */
const totals = (r: Report): unknown[] =>
  [...r.experiments.flatMap((e) => e.arms), ...r.landings, ...r.sources].flatMap((g) => [
    g.visitors,
    g.signups,
    g.purchases,
    g.upsells,
    g.revenue,
    g.revenueSquares,
    g.paying,
  ]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'report-quality-'));
  data = { ...(await loadFunnelData()), experiments: LATAM_OFFER };
  const walks: VisitorWalk[] = [];
  writeEventLog(join(dir, 'clean.jsonl'), simulationModel(data), {
    visitors: 400,
    seed: 31,
    start: START,
    days: 3,
    simulation: DEFAULT_OPTIONS,
    onVisitor: (w) => walks.push(w),
  });
  idle = walks.filter((w) => !w.signedUp && w.purchase === 0 && w.experiment).map((w) => w.visitorId);
  hostile = hostileLines(idle, START + 86_400_000, qualityRules(data, ANALYSED_AT));
  const unknown = JSON.stringify({ messageId: 'html-name', anonymousId: idle[0], type: 'track', event: HTML_NAME, timestamp: new Date(START).toISOString() });
  copyFileSync(join(dir, 'clean.jsonl'), json());
  appendFileSync(json(), [...hostile.map((h) => h.line), unknown, nanLiteral(idle[2]!)].join('\n') + '\n');
  clean = await buildReport(data, [{ path: join(dir, 'clean.jsonl'), format: 'jsonl' }], { analysedAt: ANALYSED_AT });
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Holds a report of the hostile log to the rules: reasons counted, totals finite, good figures unchanged. */
function expectRefusedAndUnaffected(report: Report, reasons: Map<string, number>, kept: number, unparsable = 0): void {
  const q = report.quality;
  expect(new Map(q.invalidReasons.map((r) => [r.name, r.count]))).toEqual(reasons);
  expect(q.unparsable).toBe(unparsable);
  expect(q.invalid).toBe([...reasons.values()].reduce((s, n) => s + n, 0));
  expect(q.analysed).toBe(clean.quality.analysed + kept);
  expect(q.analysed + q.unparsable + q.invalid + q.duplicates + q.otherFunnel + q.unknownEvents).toBe(q.total);
  for (const total of totals(report)) expect(Number.isFinite(total)).toBe(true);
  expect(figures(report)).toEqual(figures(clean));
}

const kept = (): number => hostile.filter((h) => h.expect === 'ok').length;

/** The reasons of the hostile lines, and the NaN literal's where DuckDB reads it. */
const duckReasons = (): Map<string, number> => {
  const reasons = expectedReasons(hostile);
  reasons.set('revenue_not_finite', (reasons.get('revenue_not_finite') ?? 0) + 1);
  return reasons;
};

describe('hostile input, through every loader', () => {
  it('is refused by reason from JSON lines (DuckDB), and a corrected clock is counted as corrected', async () => {
    const report = await buildReport(data, [{ path: json(), format: 'jsonl' }], { analysedAt: ANALYSED_AT });
    // the hostile lines break every rule there is
    expect([...duckReasons().keys()].sort()).toEqual([...INVALID_REASONS].sort());
    expectRefusedAndUnaffected(report, duckReasons(), kept());
    expect(report.quality.clockSkew).toBe(clean.quality.clockSkew + 1);
    expect(report.quality.unknownNames).toEqual([{ name: HTML_NAME, count: 1 }]);
  }, 60_000);

  it('is refused by the same reasons from JSON lines on Postgres (PGlite), which finds a bare NaN unparsable', async () => {
    const report = await buildPostgresReport(data, [json()], ANALYSED_AT);
    expectRefusedAndUnaffected(report, expectedReasons(hostile), kept(), 1);
  }, 180_000);

  it('is refused by the same reasons from Parquet whose properties and times are JSON text', async () => {
    const parquet = join(dir, 'hostile-text.parquet');
    const db = await openDatabase({ threads: 1 });
    try {
      // every field as the message has it: times as text, properties and context as JSON text
      await db.run(`COPY (
        SELECT j->>'messageId' AS messageId, j->>'anonymousId' AS anonymousId, j->>'type' AS type, j->>'event' AS event,
          j->>'timestamp' AS "timestamp", j->>'sentAt' AS sentAt, j->>'receivedAt' AS receivedAt,
          CAST(j->'properties' AS VARCHAR) AS properties, CAST(j->'context' AS VARCHAR) AS context
        FROM (SELECT line::JSON AS j FROM read_csv(${sqlString(json())}, columns = {'line': 'VARCHAR'}, header = false, delim = E'\\x1f', quote = '', escape = ''))
      ) TO ${sqlString(parquet)} (FORMAT parquet)`);
    } finally {
      db.close();
    }
    const report = await buildReport(data, [{ path: parquet, format: 'parquet' }], { analysedAt: ANALYSED_AT });
    expectRefusedAndUnaffected(report, duckReasons(), kept());
  }, 60_000);

  it('is refused by reason from Parquet with typed columns: NaN, infinities, a number as text, times out of bounds', async () => {
    const good = join(dir, 'clean.parquet');
    await jsonToParquet([join(dir, 'clean.jsonl')], good);
    const visitor = sqlString(idle[1]!);
    const day = `TIMESTAMPTZ '2026-01-02 00:00:00+00'`;
    // [reason, value, timestamp] of an Order Completed; properties.value a DOUBLE field
    const numbers: Array<[string, string, string]> = [
      ['revenue_not_finite', `'NaN'::DOUBLE`, day],
      ['revenue_not_finite', `'Infinity'::DOUBLE`, day],
      ['revenue_not_finite', `'-Infinity'::DOUBLE`, day],
      ['revenue_negative', '-1000', day],
      ['revenue_too_large', '1e308', day],
      ['revenue_missing', 'NULL', day],
      ['time_too_early', '10', `TIMESTAMPTZ '1970-01-01 00:00:00+00'`],
      ['time_too_early', '10', `TIMESTAMPTZ '0001-01-01 00:00:00+00'`],
      ['time_in_future', '10', `TIMESTAMPTZ '2099-01-01 00:00:00+00'`],
      ['time_missing', '10', 'NULL'],
    ];
    const typed = join(dir, 'typed.parquet');
    const asText = join(dir, 'typed-text.parquet');
    const db = await openDatabase({ threads: 1 });
    try {
      const rows = numbers.map(
        ([, value, ts], k) =>
          `('typed-${k}', ${visitor}, 'track', 'Order Completed', CAST(${ts} AS TIMESTAMPTZ), {'value': CAST(${value} AS DOUBLE), 'upsell': false})`,
      );
      await db.run(
        `COPY (SELECT * FROM (VALUES ${rows.join(', ')}) AS t (messageId, anonymousId, type, event, "timestamp", properties)) TO ${sqlString(typed)} (FORMAT parquet)`,
      );
      // properties.value a VARCHAR field: "12" is text, not a number
      await db.run(
        `COPY (SELECT 'typed-text' AS messageId, ${visitor} AS anonymousId, 'track' AS type, 'Order Completed' AS event, ${day} AS "timestamp", {'value': '12', 'upsell': false} AS properties) TO ${sqlString(asText)} (FORMAT parquet)`,
      );
    } finally {
      db.close();
    }
    const report = await buildReport(
      data,
      [good, typed, asText].map((path) => ({ path, format: 'parquet' as const })),
      { analysedAt: ANALYSED_AT },
    );
    const reasons = new Map<string, number>();
    for (const [reason] of [...numbers, ['revenue_not_number']]) reasons.set(reason!, (reasons.get(reason!) ?? 0) + 1);
    expectRefusedAndUnaffected(report, reasons, 0);
  }, 60_000);
});

describe('the refused lines in the report', () => {
  let report: Report;
  beforeAll(async () => {
    report = await buildReport(data, [{ path: json(), format: 'jsonl' }], { analysedAt: ANALYSED_AT });
  }, 60_000);

  it('lists every reason with its count in the HTML data quality, with no NaN, null or undefined in any figure', () => {
    const { html } = reportPage(report);
    // the figures: the page without its inlined uPlot and chart script, styles and chart data
    const page = html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, '');
    expect(page).not.toMatch(/NaN|null|undefined|Infinity/);
    const quality = page.slice(page.indexOf('<h2>Data quality</h2>'));
    for (const r of report.quality.invalidReasons) expect(quality).toMatch(new RegExp(`<th scope="row">  ${r.name}: [^<]*</th><td>${r.count}</td>`));
    expect(quality).toContain(`<th scope="row">invalid (left out), by reason:</th><td>${report.quality.invalid}</td>`);
    // names from the data stay escaped
    expect(html).not.toContain(HTML_NAME);
    expect(quality).toContain('&#60;img src=x onerror=alert(1)&#62;');
    const chartData = JSON.parse(/<script type="application\/json" id="chart-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      experiments: Array<{ rates: number[][] }>;
    };
    for (const e of chartData.experiments) for (const day of e.rates) for (const rate of day) expect(Number.isFinite(rate)).toBe(true);
  });

  it('says in the terminal how many lines it refused and why', () => {
    const text = terminalReport(report);
    expect(text.split('\n')[0]).toContain(`${report.quality.invalid} refused as invalid`);
    for (const r of report.quality.invalidReasons) expect(text).toMatch(new RegExp(`  ${r.name}: .*\\s${r.count}$`, 'm'));
    expect(text).not.toMatch(/NaN|undefined/);
  });

  it('writes its bounds and reasons into the JSON figures, with no null or NaN total', () => {
    const figures = JSON.parse(JSON.stringify(report)) as Report;
    expect(figures.quality.rules).toEqual(qualityRules(data, ANALYSED_AT));
    for (const total of totals(figures)) expect(typeof total).toBe('number');
  });
});

describe('the revenue bound', () => {
  it('is ten times the dearest price of the plan catalogue', () => {
    const prices = [...Object.values(data.plans.plans), data.plans.upsell].flatMap((p) => [p.price, p.periodPrice, p.renewal?.price ?? 0]);
    expect(qualityRules(data, ANALYSED_AT).maxRevenue).toBeCloseTo(10 * Math.max(...prices), 2);
  });
});
