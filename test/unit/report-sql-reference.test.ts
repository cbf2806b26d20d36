/**
 * The report's SQL reads the events in one pass per visitor (scripts/report/sql/). Its figures are
 * held here against the first SQL, a pass over the events per table (test/fixtures/reportReferenceSql/),
 * on one simulated log with every kind of bad input and the edge cases the one pass must keep apart:
 * a messageId sent three times, a repeated messageId whose first copy is invalid, a visitor shown two
 * variations, an outcome the flow files do not have, two landing pages at the same time.
 */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimentEntries, growthbookVariationId, type FunnelData } from '../../engine/index.ts';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { runReportSql, type SqlFigures } from '../../scripts/report/analyse.ts';
import { openDatabase } from '../../scripts/report/duckdb.ts';
import { loadEvents, type Input } from '../../scripts/report/load.ts';
import { jsonToParquet } from '../../scripts/report/parquet.ts';
import { DEFAULT_OPTIONS, simulationModel, type VisitorWalk } from '../../scripts/report/simulator.ts';
import { writeEventLog } from '../../scripts/report/simWriter.ts';
import { LATAM_OFFER } from '../fixtures/latamOffer.ts';

const REFERENCE = new URL('../fixtures/reportReferenceSql/', import.meta.url);

let dir: string;
let data: FunnelData;

async function figures(input: Input, replacements?: URL): Promise<SqlFigures> {
  const db = await openDatabase({ threads: 2 });
  try {
    await loadEvents(db, [input]);
    return await runReportSql(db, data, replacements);
  } finally {
    db.close();
  }
}

/** Rows in a fixed order, money to the cent (sums of doubles in another order differ in the last bits), no empty quality classes. */
function comparable(f: SqlFigures): Record<string, string[]> {
  const money = new Set(['revenue', 'revenue_squares', 'revenue_7d', 'revenue_30d', 'revenue_90d']);
  const rows = (list: object[]): string[] =>
    list.map((row) => JSON.stringify(Object.entries(row).map(([k, v]) => [k, money.has(k) ? Math.round((v as number) * 100) : v]))).sort();
  return {
    metrics: rows(f.metrics),
    steps: rows(f.steps),
    outcomes: rows(f.outcomes),
    daily: rows(f.daily),
    quality: rows(f.quality.filter((q) => q.count > 0)),
    multiple: rows(f.multiple),
    exclusions: rows(f.exclusions),
    breakdowns: rows(f.breakdowns),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'report-sql-'));
  data = { ...(await loadFunnelData()), experiments: LATAM_OFFER };
  const [experimentId, experiment] = experimentEntries(data.experiments).find(([, e]) => e.status === 'running')!;
  const arms = experiment.variations;
  const walks: VisitorWalk[] = [];
  const file = join(dir, 'events.jsonl');
  writeEventLog(file, simulationModel(data), {
    visitors: 2000,
    seed: 11,
    start: Date.UTC(2026, 0, 1),
    days: 4,
    simulation: DEFAULT_OPTIONS,
    bad: { duplicates: 9, unknownEvents: 4, otherFunnel: 3, skewedVisitors: 15, truncated: true },
    subscriptions: true,
    onVisitor: (w) => walks.push(w),
  });
  const exposed = walks.find((w) => w.experiment?.variation === arms[0])!;
  const other = walks.find((w) => w !== exposed && w.steps.length > 2)!;
  const buyer = walks.find((w) => w.experiment && w !== exposed && w !== other)!;
  const at = '2026-01-05T00:00:00.000Z';
  const message = (messageId: string, fields: object, anonymousId = other.visitorId): string =>
    JSON.stringify({ messageId, anonymousId, context: { campaign: {} }, timestamp: at, ...fields });
  const lines = [
    // shown a second variation: left out of the experiment's arms
    JSON.stringify({
      type: 'track',
      event: 'experiment_viewed',
      messageId: 'second-exposure',
      anonymousId: exposed.visitorId,
      properties: { experiment_id: experimentId, variation_id: growthbookVariationId(experiment, 1), landing_type: arms[1] },
      context: { campaign: {} },
      timestamp: at,
    }),
    // an exposed visitor's purchases before the log starts and two weeks after it: before the
    // exposure and after the conversion window, counted by reason and left out of the arm
    message('before-exposure', { type: 'track', event: 'purchased', properties: { value: 100 }, timestamp: '2025-12-30T00:00:00.000Z' }, buyer.visitorId),
    message('after-window', { type: 'track', event: 'purchased', properties: { value: 50 }, timestamp: '2026-01-20T00:00:00.000Z' }, buyer.visitorId),
    // one message three times
    ...[1, 2, 3].map(() => message('thrice', { type: 'track', event: 'signup_completed', properties: { landing_type: other.landingType } })),
    // the first copy has no visitor (invalid), the second counts as a duplicate
    JSON.stringify({ messageId: 'first-invalid', type: 'track', event: 'purchased', properties: { value: 9 }, timestamp: at }),
    message('first-invalid', { type: 'track', event: 'purchased', properties: { value: 9, landing_type: other.landingType } }),
    // an outcome the flow files do not have
    message('odd-outcome', { type: 'track', event: 'step_completed', properties: { step: other.steps[0]!.id, outcome: 'retired-branch' } }),
    // a new visitor's two landing pages at the same time: the earlier line wins
    message('landing-a', { type: 'page', properties: { step: other.steps[0]!.id, landing_type: other.landingType } }, 'tied-visitor'),
    message(
      'landing-b',
      { type: 'page', properties: { step: other.steps[0]!.id, landing_type: other.landingType }, context: { campaign: { source: 'tie' } } },
      'tied-visitor',
    ),
  ];
  // the log's last line is truncated; a line written after it starts on a new line
  appendFileSync(file, '\n' + lines.join('\n') + '\n');
  await jsonToParquet([file], join(dir, 'events.parquet'));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the one-pass SQL against the reference SQL', () => {
  it.each([
    ['JSON lines', 'events.jsonl', 'jsonl'],
    ['Parquet', 'events.parquet', 'parquet'],
  ] as const)(
    'gives the same figures from %s',
    async (_, name, format) => {
      const input: Input = { path: join(dir, name), format };
      const fast = await figures(input);
      const reference = await figures(input, REFERENCE);
      expect(comparable(fast)).toEqual(comparable(reference));
      // the planted cases are in the figures compared
      const count = (status: string): number => fast.quality.filter((q) => q.status === status).reduce((s, q) => s + q.count, 0);
      expect(count('duplicate')).toBe(9 + 2 + 1);
      expect(count('unknown_event')).toBe(4);
      expect(fast.multiple.reduce((s, m) => s + m.n, 0)).toBe(1);
      expect(fast.exclusions.filter((x) => x.role === 'purchase').map((x) => [x.reason, Number(x.events), x.revenue])).toEqual([
        ['after_window', 1, 50],
        ['before_exposure', 1, 100],
      ]);
      expect(fast.outcomes.some((o) => o.outcome === 'retired-branch')).toBe(true);
      expect(fast.metrics.some((m) => m.dimension === 'utm_source' && m.group_key === 'tie')).toBe(false);
      expect(fast.metrics.find((m) => m.dimension === 'utm_source' && m.group_key === '(none)')?.visitors).toBeGreaterThan(0);
    },
    120_000,
  );
});
