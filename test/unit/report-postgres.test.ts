/**
 * The report's SQL on a real Postgres (PGlite: Postgres compiled to WebAssembly, in process): the
 * Postgres dialect (scripts/report/sql/postgres/, with its own load of the JSON lines) gives the same
 * figures as the report in DuckDB, on one simulated log of two experiments (one with a planted lift)
 * with every kind of bad input: duplicates, unknown events, another funnel, clock skew, a truncated
 * line, a visitor shown two variations.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimentEntries, growthbookVariationId, type FunnelData } from '../../engine/index.ts';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { runReportSql, type SqlFigures } from '../../scripts/report/analyse.ts';
import { openDatabase } from '../../scripts/report/duckdb.ts';
import { loadEvents } from '../../scripts/report/load.ts';
import { loadEventsPostgres, openPostgres, POSTGRES_SQL_DIR } from '../../scripts/report/postgres.ts';
import { DEFAULT_OPTIONS, simulationModel, type VisitorWalk } from '../../scripts/report/simulator.ts';
import { writeEventLog } from '../../scripts/report/simWriter.ts';
import { LATAM_OFFER, LATAM_OFFER_ID } from '../fixtures/latamOffer.ts';

/** A second experiment beside the docs' example, on another path: two experiments in one log. */
const DISCOUNT_COPY = {
  'discount-copy': {
    description: 'The discount page against its second copy.',
    paths: ['/discount'],
    status: 'running',
    variations: ['discount', 'discountb'],
    weights: [0.5, 0.5],
    hashVersion: 2,
  },
};

let dir: string;
let file: string;
let data: FunnelData;
let duck: SqlFigures;
let postgres: SqlFigures;

const MONEY = new Set(['revenue', 'revenue_squares', 'revenue_7d', 'revenue_30d', 'revenue_90d']);
const QUERIES = ['metrics', 'steps', 'outcomes', 'daily', 'quality', 'multiple', 'exclusions', 'breakdowns'] as const;

/**
 * A query's rows without their money, in a fixed order (no empty quality classes), and the money of each
 * apart: sums of doubles added in another order differ in the last bits, so money is held to a relative
 * 1e-12 and everything else to the exact value.
 */
function split(list: object[]): { rows: string[]; money: Map<string, number[]> } {
  const money = new Map<string, number[]>();
  const rows = list
    .filter((row) => (row as { count?: number }).count !== 0)
    .map((row) => {
      const key = JSON.stringify(Object.entries(row).filter(([k]) => !MONEY.has(k)));
      money.set(
        key,
        Object.entries(row).flatMap(([k, v]) => (MONEY.has(k) ? [v as number] : [])),
      );
      return key;
    })
    .sort();
  return { rows, money };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'report-postgres-'));
  file = join(dir, 'events.jsonl');
  data = { ...(await loadFunnelData()), experiments: { ...LATAM_OFFER, ...DISCOUNT_COPY } as unknown as FunnelData['experiments'] };
  const walks: VisitorWalk[] = [];
  writeEventLog(file, simulationModel(data), {
    visitors: 2000,
    seed: 23,
    start: Date.UTC(2026, 2, 1),
    days: 5,
    simulation: { ...DEFAULT_OPTIONS, lift: { variant: 'trial', relative: 0.5 } },
    bad: { duplicates: 12, unknownEvents: 5, otherFunnel: 4, skewedVisitors: 20, truncated: true },
    subscriptions: true,
    onVisitor: (w) => walks.push(w),
  });
  // a visitor of the example experiment shown its other variation too: left out of its arms
  const exposed = walks.find((w) => w.experiment?.id === LATAM_OFFER_ID)!;
  const [, latamOffer] = experimentEntries(data.experiments).find(([id]) => id === LATAM_OFFER_ID)!;
  const other = latamOffer.variations.find((v) => v !== exposed.experiment!.variation)!;
  const secondExposure = {
    type: 'track',
    event: 'experiment_viewed',
    messageId: 'second-exposure',
    anonymousId: exposed.visitorId,
    properties: { experiment_id: LATAM_OFFER_ID, variation_id: growthbookVariationId(latamOffer, latamOffer.variations.indexOf(other)), landing_type: other },
    context: { campaign: {} },
    timestamp: '2026-03-06T00:00:00.000Z',
  };
  // another exposed visitor's purchases two days before the log starts and two weeks after it ends:
  // before the exposure and after the conversion window, left out of the experiment
  const buyer = walks.find((w) => w.experiment?.id === LATAM_OFFER_ID && w !== exposed)!;
  const purchase = (messageId: string, timestamp: string, value: number): object => ({
    type: 'track',
    event: 'purchased',
    messageId,
    anonymousId: buyer.visitorId,
    properties: { value },
    context: { campaign: {} },
    timestamp,
  });
  const late = [purchase('before-exposure', '2026-02-27T00:00:00.000Z', 100), purchase('after-window', '2026-03-20T00:00:00.000Z', 50)];
  // a purchase re-sent under a new messageId (same visitor, event and order_id): a duplicate
  const resent = readFileSync(file, 'utf8')
    .split('\n')
    .find((line) => line.includes('"Order Completed"') && line.includes('"order_id"'))!;
  const copy = { ...(JSON.parse(resent) as Record<string, unknown>), messageId: 'resent-order' };
  // the log's last line is truncated; a line written after it starts on a new line
  appendFileSync(file, '\n' + [secondExposure, ...late, copy].map((m) => JSON.stringify(m)).join('\n') + '\n');

  const duckdb = await openDatabase({ threads: 2 });
  try {
    await loadEvents(duckdb, [{ path: file, format: 'jsonl' }]);
    duck = await runReportSql(duckdb, data);
  } finally {
    duckdb.close();
  }
  const pg = await openPostgres();
  try {
    await loadEventsPostgres(pg, [file]);
    postgres = await runReportSql(pg, data, POSTGRES_SQL_DIR);
  } finally {
    await pg.close();
  }
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the report SQL on Postgres', () => {
  it.each(QUERIES)('gives the figures of DuckDB: %s', (query) => {
    const got = split(postgres[query]);
    const want = split(duck[query]);
    expect(got.rows).toEqual(want.rows);
    expect(got.rows.length).toBeGreaterThan(0);
    const off = [...want.money].filter(([key, sums]) => sums.some((sum, k) => Math.abs(got.money.get(key)![k]! - sum) > 1e-12 * Math.max(1, Math.abs(sum))));
    expect(off).toEqual([]);
  });

  it('compares figures that hold every planted case', () => {
    const arms = (experiment: string): string[] =>
      postgres.metrics.filter((m) => m.dimension === 'experiment' && m.dimension_key === experiment).map((m) => m.group_key);
    expect(arms(LATAM_OFFER_ID).sort()).toEqual(['latam', 'trial']);
    expect(arms('discount-copy').sort()).toEqual(['discount', 'discountb']);
    // the planted lift: trial buys more often than latam
    const rate = (arm: string): number => {
      const m = postgres.metrics.find((x) => x.dimension === 'experiment' && x.group_key === arm)!;
      return m.purchases / m.visitors;
    };
    expect(rate('trial')).toBeGreaterThan(rate('latam'));
    expect(postgres.metrics.filter((m) => m.dimension === 'utm_source').length).toBe(4);
    expect(postgres.steps.length).toBeGreaterThan(20);
    expect(postgres.outcomes.length).toBeGreaterThan(20);
    expect(new Set(postgres.daily.map((d) => d.day)).size).toBe(5);
    const count = (status: string, skewed = 0): number =>
      postgres.quality.filter((q) => q.status === status && q.skewed === skewed).reduce((s, q) => s + q.count, 0);
    expect(count('duplicate')).toBe(12 + 1);
    expect(count('unknown_event')).toBe(5);
    expect(count('other_funnel')).toBe(4);
    expect(count('unparsable')).toBe(1);
    expect(count('ok', 1)).toBeGreaterThan(0);
    expect(postgres.multiple).toEqual([{ experiment_id: LATAM_OFFER_ID, n: 1 }]);
    const excluded = (reason: string): Array<[string, number, number]> =>
      postgres.exclusions.filter((x) => x.reason === reason && x.role === 'purchase').map((x) => [x.experiment_id, Number(x.events), x.revenue]);
    expect(excluded('before_exposure')).toEqual([[LATAM_OFFER_ID, 1, 100]]);
    expect(excluded('after_window')).toEqual([[LATAM_OFFER_ID, 1, 50]]);
  });
});
