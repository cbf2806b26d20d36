/**
 * The decision layer (scripts/report/decision.ts) on simulated experiments whose truth is planted: a
 * real lift names its winner, a guardrail made worse stops the experiment, an undecided one says how
 * many more visitors it needs, and several goals are corrected for multiple testing.
 */
import { arms, experimentMetrics, loadSimulation } from './reportSimulation.ts';
import { compareArm, decide, experimentSettings, metricAlpha, type ExperimentSettings } from '../../scripts/report/decision.ts';
import type { GroupMetrics, MetricKey } from '../../scripts/report/model.ts';
import { DEFAULT_TEST, sampleRatioCheck, type Comparison, type TestOptions } from '../../scripts/report/stats.ts';

beforeAll(loadSimulation);

const DEFAULTS = experimentSettings({ paths: ['/x'], status: 'running', variations: ['a', 'b'] });

/** The decision of the report on a simulated experiment's metrics. */
function decision(metrics: GroupMetrics[], settings: ExperimentSettings = DEFAULTS, test: TestOptions = DEFAULT_TEST, perDay = 0) {
  const alphas = metricAlpha(settings, metrics.length - 1, test);
  const withComparisons: Array<GroupMetrics & { vsControl?: Record<MetricKey, Comparison> }> = metrics.map((m, k) =>
    k === 0 ? m : { ...m, vsControl: compareArm(metrics[0]!, m, alphas, test) },
  );
  const srm = sampleRatioCheck(
    metrics.map((m) => m.visitors),
    metrics.map(() => 1),
  );
  return decide(withComparisons, settings, srm, perDay);
}

describe('the decision', () => {
  it('defaults to purchase as the goal, signup and revenue as guardrails, a 7-day window', () => {
    expect(DEFAULTS).toEqual({ goals: ['purchase'], guardrails: ['signup', 'revenue'], conversionWindowDays: 7 });
    expect(experimentSettings({ paths: ['/x'], status: 'running', variations: ['a', 'b'], goals: ['revenue'], conversionWindowDays: 3 })).toEqual({
      goals: ['revenue'],
      guardrails: ['signup'],
      conversionWindowDays: 3,
    });
  });

  it('names the variant with a planted +30% lift in purchase the winner', () => {
    const d = decision(experimentMetrics(501, 40_000, { lift: { variant: arms[1]!, relative: 0.3 } }));
    expect(d.kind).toBe('winner');
    expect(d.winner).toBe(arms[1]);
    expect(d.headline).toMatch(new RegExp(`^Winner: ${arms[1]}, purchase \\+`));
  });

  it('says stop when a guardrail is worse, whatever the goal says', () => {
    const metrics = experimentMetrics(502, 40_000, { lift: { variant: arms[1]!, relative: 0.3 } });
    // the variant's visitors sign up a fifth less often than they did
    const worse = { ...metrics[1]!, signups: Math.round(metrics[1]!.signups * 0.8) };
    const d = decision([metrics[0]!, worse]);
    expect(d.kind).toBe('stop-guardrail');
    expect(d.headline).toMatch(/^Stop: a guardrail is worse: .* signup/);
  });

  it('says how many more visitors per arm an undecided experiment needs, and the days at its daily rate', () => {
    const metrics = experimentMetrics(503, 3000, { lift: { variant: arms[1]!, relative: 0.1 } });
    const perDay = 250;
    const d = decision(metrics, DEFAULTS, DEFAULT_TEST, perDay);
    expect(d.kind).toBe('keep-running');
    expect(d.moreVisitorsPerArm).toBeGreaterThan(0);
    expect(d.days).toBe(Math.ceil(d.moreVisitorsPerArm! / perDay));
    expect(d.headline).toMatch(/^No winner yet.*: about [\d,]+ more visitors per arm needed at today's rate \(about \d+ days?\)\.$/);
  });

  it('corrects several goals for multiple testing (Bonferroni): purchase or signup declares fewer A/A winners', () => {
    // the simulated arms differ in price (revenue), not in how often visitors sign up or buy
    const twoGoals: ExperimentSettings = { goals: ['purchase', 'signup'], guardrails: [], conversionWindowDays: 7 };
    expect(metricAlpha(twoGoals, 1).purchase).toBeCloseTo(0.025, 12);
    expect(metricAlpha(twoGoals, 1).revenue).toBe(0.05);
    const fixed: TestOptions = { ...DEFAULT_TEST, sequential: false };
    let corrected = 0;
    let uncorrected = 0;
    const runs = 200;
    for (let run = 0; run < runs; run++) {
      const metrics = experimentMetrics(60_000 + run, 4000);
      if (decision(metrics, twoGoals, fixed).kind === 'winner') corrected++;
      // the same two goals each at 5%, as without a correction
      const alone = ['purchase', 'signup'].some(
        (g) => decision(metrics, { goals: [g as MetricKey], guardrails: [], conversionWindowDays: 7 }, fixed).kind === 'winner',
      );
      if (alone) uncorrected++;
    }
    expect(corrected / runs).toBeLessThanOrEqual(0.05);
    expect(corrected).toBeLessThan(uncorrected);
  }, 240_000);
});
