/**
 * simulate -> DuckDB -> report on a small log with planted bad input: every figure of the report is
 * held against a count made by hand from the simulated walks, for the JSON-lines log and for the
 * same log as Parquet; a broken split puts the sample-ratio warning first.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimentEntries, growthbookVariationId, type FunnelData } from '../../engine/index.ts';
import { loadFunnelData } from '../../engine/validate/index.ts';
import { LATAM_OFFER } from '../fixtures/latamOffer.ts';
import { buildReport } from '../../scripts/report/analyse.ts';
import { reportPage } from '../../scripts/report/html.ts';
import type { GroupReport, Report } from '../../scripts/report/model.ts';
import { jsonToParquet } from '../../scripts/report/parquet.ts';
import { DEFAULT_OPTIONS, simulationModel, type VisitorWalk } from '../../scripts/report/simulator.ts';
import { subscriptionEvents } from '../../scripts/report/simSubscriptions.ts';
import { writeEventLog, type WrittenLog } from '../../scripts/report/simWriter.ts';
import { terminalReport } from '../../scripts/report/terminal.ts';

let dir: string;
let data: FunnelData;
let experimentId: string;
let arms: string[];
const walks: VisitorWalk[] = [];
let written: WrittenLog;
let twice: VisitorWalk;
let buyer: VisitorWalk;
/** The known bot's lines appended to the log. */
let botLines: number;
let report: Report;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'report-e2e-'));
  // the shipped flows run no experiment on a spec route: the docs' example experiment is added here
  data = { ...(await loadFunnelData()), experiments: LATAM_OFFER };
  const [id, experiment] = experimentEntries(data.experiments).find(([, e]) => e.status === 'running')!;
  experimentId = id;
  arms = experiment.variations;
  // the exposure reports GrowthBook's variation id (meta key, else index) of the second arm
  const secondId = growthbookVariationId(experiment, 1);
  written = writeEventLog(join(dir, 'events.jsonl'), simulationModel(data), {
    visitors: 3000,
    seed: 7,
    start: Date.UTC(2026, 0, 1),
    days: 5,
    simulation: DEFAULT_OPTIONS,
    bad: { duplicates: 12, unknownEvents: 5, otherFunnel: 4, skewedVisitors: 20, truncated: true },
    subscriptions: true,
    onVisitor: (w) => walks.push(w),
  });
  // a visitor of the first arm later shown the second (a cleared cookie): left out of both arms
  twice = walks.find((w) => w.experiment?.variation === arms[0])!;
  const exposure = {
    type: 'track',
    event: 'experiment_viewed',
    messageId: 'second-exposure',
    anonymousId: twice.visitorId,
    properties: { experiment_id: experimentId, variation_id: secondId, landing_type: arms[1] },
    context: { campaign: {} },
    timestamp: '2026-01-06T00:00:00.000Z',
  };
  // an arm's buyer also paid $100 two days before the log starts and $50 two weeks after its
  // exposure: neither counts for the experiment (before the exposure, after the 7-day window)
  buyer = walks.find((w) => w.experiment?.variation === arms[1] && w.purchase > 0)!;
  const purchase = (messageId: string, timestamp: string, value: number): object => ({
    type: 'track',
    event: 'purchased',
    messageId,
    anonymousId: buyer.visitorId,
    properties: { value },
    context: { campaign: {} },
    timestamp,
  });
  const outside = [purchase('before-exposure', '2025-12-30T00:00:00.000Z', 100), purchase('after-window', '2026-01-20T00:00:00.000Z', 50)];
  // a buyer's purchase re-sent under a new messageId (same order_id): a duplicate, counted once
  const resent = readFileSync(join(dir, 'events.jsonl'), 'utf8')
    .split('\n')
    .find((line) => line.includes('"Order Completed"') && line.includes('"order_id"'))!;
  const copy = { ...(JSON.parse(resent) as Record<string, unknown>), messageId: 'resent-order' };
  // a crawler that walks the landing and even "buys": a known bot, left out and counted
  const landing = JSON.parse(
    readFileSync(join(dir, 'events.jsonl'), 'utf8')
      .split('\n')
      .find((line) => line.includes('"type":"page"'))!,
  ) as Record<string, unknown>;
  const crawler = { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', campaign: {} };
  const bot = [
    { ...landing, messageId: 'bot-page', anonymousId: 'crawler', context: crawler },
    { ...copy, messageId: 'bot-purchase', anonymousId: 'crawler', context: crawler },
  ];
  botLines = bot.length;
  // the log's last line is truncated; a line written after it starts on a new line
  appendFileSync(join(dir, 'events.jsonl'), '\n' + [exposure, ...outside, copy, ...bot].map((m) => JSON.stringify(m)).join('\n') + '\n');
  report = await buildReport(data, [{ path: join(dir, 'events.jsonl'), format: 'jsonl' }]);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Counts made by hand from the walks. */
function truth(list: VisitorWalk[]) {
  return {
    visitors: list.length,
    signups: list.filter((w) => w.signedUp).length,
    purchases: list.filter((w) => w.purchase > 0).length,
    upsells: list.filter((w) => w.upsell > 0).length,
    revenue: list.reduce((s, w) => s + w.purchase + w.upsell, 0),
  };
}

describe('the report of a simulated log', () => {
  it("counts each experiment arm's visitors, conversions and revenue exactly", () => {
    const experiment = report.experiments.find((e) => e.id === experimentId)!;
    expect(experiment.arms.map((a) => a.key)).toEqual(arms);
    for (const arm of experiment.arms) {
      const expected = truth(walks.filter((w) => w.experiment?.variation === arm.key && w !== twice));
      expect({ ...arm, revenue: Math.round(arm.revenue * 100) }).toMatchObject({ ...expected, revenue: Math.round(expected.revenue * 100) });
    }
    expect(experiment.multipleExposures).toBe(1);
    // revenue over time from the backend's subscription events: refunds within days, renewals every
    // 30 days (the one at 90 days falls past the 90 days since the exposure)
    for (const arm of experiment.arms) {
      const armWalks = walks.filter((w) => w.experiment?.variation === arm.key && w !== twice);
      const within = (days: number): number =>
        armWalks.reduce(
          (sum, w) =>
            sum +
            w.purchase +
            w.upsell +
            subscriptionEvents(w)
              .filter((s) => s.days < days)
              .reduce((t, s) => t + (s.event === 'Subscription Renewed' ? s.value : s.event === 'Order Refunded' ? -s.value : 0), 0),
          0,
        );
      const cent = (x: number): number => Math.round(x * 100);
      expect([arm.revenue7d, arm.revenue30d, arm.revenue90d].map(cent)).toEqual([within(7), within(30), within(90)].map(cent));
      expect(arm.refunds).toBe(armWalks.filter((w) => subscriptionEvents(w).some((s) => s.event === 'Order Refunded')).length);
    }
    expect(experiment.arms.some((a) => a.refunds > 0 && a.revenue90d > a.revenue30d)).toBe(true);
    // the buyer's purchases outside the window are counted by reason, not in the arm
    expect(experiment.exclusions.filter((x) => x.role === 'purchase').map((x) => [x.reason, x.role, x.events, x.revenue])).toEqual([
      ['after_window', 'purchase', 1, 50],
      ['before_exposure', 'purchase', 1, 100],
    ]);
    expect(experiment.settings.conversionWindowDays).toBe(7);
    expect(experiment.srm.mismatch).toBe(false);
    expect(experiment.arms[1]!.vsControl!.purchase.pValue).toBeGreaterThan(0);
  });

  it('breaks each arm down by UTM source (and by device, country and language, unknown in this log)', () => {
    const experiment = report.experiments.find((e) => e.id === experimentId)!;
    const armWalks = (arm: string): VisitorWalk[] => walks.filter((w) => w.experiment?.variation === arm && w !== twice);
    const sources = experiment.breakdowns.filter((g) => g.breakdown === 'utm_source');
    expect(sources.length).toBeGreaterThan(1);
    for (const g of sources)
      g.arms.forEach((m, k) => {
        const inValue = armWalks(arms[k]!).filter((w) => (w.source || '(none)') === g.value);
        expect([m.visitors, m.purchases]).toEqual([inValue.length, inValue.filter((w) => w.purchase > 0).length]);
      });
    for (const breakdown of ['device', 'country', 'language'] as const) {
      const groups = experiment.breakdowns.filter((g) => g.breakdown === breakdown);
      expect(groups.map((g) => g.value)).toEqual(['(unknown)']);
      expect(groups[0]!.arms.map((m) => m.visitors)).toEqual(experiment.arms.map((a) => a.visitors));
    }
  });

  it('counts the visitors who reached and completed every step of the flow, by arm, in walking order', () => {
    const experiment = report.experiments.find((e) => e.id === experimentId)!;
    for (const arm of experiment.arms) {
      const armWalks = walks.filter((w) => w.experiment?.variation === arm.key && w !== twice);
      expect(arm.steps[0]!.reached).toBe(armWalks.length);
      for (const step of arm.steps) {
        expect(step.reached).toBe(armWalks.filter((w) => w.steps.some((s) => s.id === step.id)).length);
        expect(step.completed).toBe(armWalks.filter((w) => w.steps.some((s) => s.id === step.id && s.outcome)).length);
      }
      const depths = arm.steps.map((s) => s.depth);
      expect(depths).toEqual([...depths].sort((a, b) => a - b));
    }
  });

  it('keeps the branches of a step apart (the outcomes of a choice)', () => {
    const branching = report.landings.flatMap((g) => g.steps.filter((s) => Object.keys(s.outcomes).length > 1).map((s) => ({ g, s })));
    expect(branching.length).toBeGreaterThan(0);
    for (const { g, s } of branching) {
      const left = walks.filter((w) => w.landingType === g.key).flatMap((w) => w.steps.filter((x) => x.id === s.id && x.outcome));
      for (const [outcome, n] of Object.entries(s.outcomes)) expect(n).toBe(left.filter((x) => x.outcome === outcome).length);
    }
  });

  it('reports per landing variant and per UTM source', () => {
    for (const g of report.landings)
      expect(g).toMatchObject({
        visitors: truth(walks.filter((w) => w.landingType === g.key)).visitors,
        purchases: truth(walks.filter((w) => w.landingType === g.key)).purchases,
      });
    expect(report.landings.reduce((s, g) => s + g.visitors, 0)).toBe(walks.length);
    for (const g of report.sources) expect(g.visitors).toBe(walks.filter((w) => (w.source || '(none)') === g.key).length);
  });

  it('counts every kind of bad input once, and every line exactly once', () => {
    const q = report.quality;
    expect(q).toMatchObject({
      unparsable: 1,
      invalid: 0,
      duplicates: written.duplicates + 1,
      bots: botLines,
      unknownEvents: written.unknownEvents,
      otherFunnel: written.otherFunnel,
      clockSkew: written.skewedMessages,
      multipleExposures: 1,
    });
    expect(written.duplicates).toBe(12);
    // the lines appended after the log: the second exposure, the buyer's two purchases, the re-sent one, the bot's
    expect(q.total).toBe(written.lines + 4 + botLines);
    expect(q.analysed + q.unparsable + q.invalid + q.duplicates + q.bots + q.otherFunnel + q.unknownEvents).toBe(q.total);
    expect(q.unknownNames).toEqual([{ name: 'legacy_banner_tap', count: 5 }]);
  });

  it('gives the same figures from the same log as Parquet', async () => {
    await jsonToParquet([join(dir, 'events.jsonl')], join(dir, 'events.parquet'));
    const fromParquet = await buildReport(data, [{ path: join(dir, 'events.parquet'), format: 'parquet' }]);
    // sums of doubles in another order differ in the last bits: compare money to the cent
    const cent = (x: number): number => Math.round(x * 100);
    const cents = (g: GroupReport): GroupReport => ({
      ...g,
      revenue: cent(g.revenue),
      revenueSquares: cent(g.revenueSquares),
      revenue7d: cent(g.revenue7d),
      revenue30d: cent(g.revenue30d),
      revenue90d: cent(g.revenue90d),
    });
    const figures = (r: Report) => [...r.experiments.flatMap((e) => e.arms.map(({ vsControl: _, weight: __, ...a }) => cents(a))), ...r.landings.map(cents)];
    expect(figures(fromParquet)).toEqual(figures(report));
    expect(fromParquet.quality.duplicates).toBe(report.quality.duplicates);
  }, 60_000);

  it('renders the same figures in the terminal and in the HTML page', () => {
    const text = terminalReport(report);
    const { html, csp } = reportPage(report);
    const arm = report.experiments[0]!.arms[0]!;
    const visitors = arm.visitors.toLocaleString('en-US');
    expect(text).toContain(`Experiment ${experimentId}`);
    expect(text).toMatch(new RegExp(`${arm.key}\\s+${visitors}`));
    expect(html).toContain(`<th scope="row">${arm.key}</th><td>${visitors}</td>`);
    expect(html).toContain('uPlot');
    expect(html).not.toMatch(/<script[^>]+src=|<link /);
    expect(csp).toMatch(/script-src 'sha256-[^']+' 'sha256-[^']+'/);
    // the decision comes first in both, coloured by its kind on the page
    const { decision } = report.experiments[0]!;
    const headline = decision.headline.replace(/&/g, '&#38;').replace(/'/g, '&#39;');
    expect(text.split('\n').find((line) => line.includes('>>'))).toBe(`  >> ${decision.headline}`);
    expect(html.indexOf(`<p class="decision ${decision.kind}">${headline}</p>`)).toBeLessThan(html.indexOf('<h2'));
    // the lift chart's series carry names for the legend: the interval is the sequential one
    expect(html).toContain('"interval":"sequential 95%"');
    expect(text).toContain('Breakdowns. Exploratory');
  });
});

describe('a broken split', () => {
  it('puts the sample-ratio mismatch first', async () => {
    const file = join(dir, 'broken.jsonl');
    const [id, experiment] = experimentEntries(data.experiments).find(([, e]) => e.status === 'running')!;
    writeEventLog(file, simulationModel(data), {
      visitors: 3000,
      seed: 8,
      start: Date.UTC(2026, 0, 1),
      days: 3,
      simulation: { ...DEFAULT_OPTIONS, paths: experiment.paths, forcedSplit: { [id]: [45, 55] } },
    });
    const broken = await buildReport(data, [{ path: file, format: 'jsonl' }]);
    const e = broken.experiments.find((x) => x.id === id)!;
    expect(e.srm.mismatch).toBe(true);
    expect(e.notes[0]).toMatch(/^Sample ratio mismatch/);
    expect(terminalReport(broken)).toContain('MISMATCH');
    expect(e.decision.kind).toBe('broken-split');
    expect(e.decision.headline).toMatch(/^Stop: the split is broken/);
  }, 60_000);
});
