/**
 * The paywall's blocks made from the visitor's quiz answers and from the plan: the summary of the
 * answers, the free trial's timeline, and the plan preselected by an answer. Expectations are read
 * from flows/ (the steps' props, the variants, the plans) and locales/en.json.
 */
import { screen, within } from '@testing-library/react';
import { funnelData } from '../../screens/flowData.ts';
import type { PaywallProps, QuizProps } from '../../screens/types/flow.gen.ts';
import { getVariant, ownValue, periodEnd, planPricing, variantIds, type Variant } from '../../engine/index.ts';
import { renderFunnel } from './harness.tsx';
import en from '../../locales/en.json';

/** An English text by its key, with its {{placeholders}} filled. */
function text(key: string, values: Record<string, string | number> = {}): string {
  const raw = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  if (typeof raw !== 'string') throw new Error(`no English text ${key}`);
  return raw.replace(/\{\{([\w.]+)\}\}/g, (_, name: string) => String(values[name]));
}

/** The paywall step of a flow, its path and props. */
function paywallOf(flowId: string): { path: string; props: PaywallProps } {
  const step = Object.values(funnelData.flows[flowId]!.steps).find((s) => s.screen === 'paywall');
  if (!step || step.screen !== 'paywall' || !step.path) throw new Error(`${flowId} has no paywall`);
  return { path: step.path, props: step.props };
}

/** The quiz questions of a flow, by id. */
const questionsOf = (flowId: string) =>
  new Map(
    Object.values(funnelData.flows[flowId]!.steps).flatMap((s) => (s.screen === 'quiz' ? (s.props as QuizProps).questions.map((q) => [q.id, q] as const) : [])),
  );

/** The variants of a flow with and without a free trial on their default plan. */
const variants: Array<[string, Variant]> = variantIds(funnelData.landings).map((id) => [id, getVariant(funnelData.landings, id)!]);
const variantsOf = (flowId: string, trial: boolean) =>
  variants.filter(([, v]) => {
    const plan = ownValue(funnelData.plans.plans, v.defaultPlan);
    return v.flow === flowId && plan !== undefined && planPricing(plan).trialDays > 0 === trial;
  });

const answered = (answers: Record<string, string>) => (s: { plans: { landingType: string }; events: { analyticsData: Record<string, unknown> } }) => {
  for (const [q, a] of Object.entries(answers)) s.events.analyticsData[`quiz_${q}`] = a;
};

const longDate = (date: Date): string => new Intl.DateTimeFormat(navigator.language, { dateStyle: 'long' }).format(date);

describe('paywall blocks from the answers and the plan', { timeout: 20_000 }, () => {
  it("shows a trial plan's timeline: today, a reminder the day before the trial ends, the first charge the day it ends", async () => {
    const [landingType, variant] = variantsOf('main', true)[0]!;
    const plan = funnelData.plans.plans[variant.defaultPlan]!;
    const { trialDays } = planPricing(plan);
    const { path, props } = paywallOf('main');
    expect(props.trialTimeline).toBe(true);
    await renderFunnel(path, { state: (s) => (s.plans.landingType = landingType) });
    const timeline = await screen.findByRole('region', { name: text('paywall.timeline.title') });
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((li) => li.dataset.milestone)).toEqual(trialDays >= 2 ? ['today', 'reminder', 'billing'] : ['today', 'billing']);
    const now = new Date();
    expect(items[0]!.textContent).toContain(text('paywall.timeline.today'));
    const billing = items.at(-1)!;
    expect(billing.textContent).toContain(text('paywall.timeline.day', { day: trialDays }));
    expect(billing.textContent).toContain(longDate(periodEnd(now, { count: trialDays, unit: 'day' })));
    expect(billing.textContent).toContain(`$${plan.price.toFixed(2)}`);
    if (trialDays >= 2) {
      expect(items[1]!.textContent).toContain(text('paywall.timeline.day', { day: trialDays - 1 }));
      expect(items[1]!.textContent).toContain(longDate(periodEnd(now, { count: trialDays - 1, unit: 'day' })));
      expect(items[1]!.textContent).toContain(text('paywall.timeline.reminderText'));
    }
  });

  it('shows no timeline for a plan without a trial', async () => {
    const [landingType] = variantsOf('main', false)[0]!;
    const { path } = paywallOf('main');
    await renderFunnel(path, { state: (s) => (s.plans.landingType = landingType) });
    await screen.findAllByRole('radio');
    expect(screen.queryByRole('region', { name: text('paywall.timeline.title') })).toBeNull();
  });

  it('sums up what the visitor answered, one line per answered question of the block', async () => {
    const [landingType] = variantsOf('main', false)[0]!;
    const { path, props } = paywallOf('main');
    const questions = questionsOf('main');
    const given = Object.fromEntries(props.summary!.items.map((item) => [item.question, questions.get(item.question)!.answers[0]!.id]));
    await renderFunnel(path, {
      state: (s) => {
        s.plans.landingType = landingType;
        answered(given)(s);
      },
    });
    const block = await screen.findByRole('region', { name: text(props.summary!.title) });
    const rows = within(block)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(rows).toEqual(
      props.summary!.items.map((item) => [text(item.label), text(questions.get(item.question)!.answers.find((a) => a.id === given[item.question])!.label)]),
    );
  });

  it('leaves the summary out before any answer', async () => {
    const [landingType] = variantsOf('main', false)[0]!;
    const { path, props } = paywallOf('main');
    await renderFunnel(path, { state: (s) => (s.plans.landingType = landingType) });
    await screen.findAllByRole('radio');
    expect(screen.queryByRole('region', { name: text(props.summary!.title) })).toBeNull();
  });

  it("preselects the plan the flow chooses by the visitor's answer, and the variant's default otherwise", async () => {
    const { path, props } = paywallOf('personal');
    const choice = props.defaultPlanByAnswer!;
    const [landingType, variant] = variants.find(([, v]) => v.flow === 'personal')!;
    const [answer, plan] = Object.entries(choice.byAnswer).find(([, p]) => variant.plans.includes(p) && p !== variant.defaultPlan)!;
    const checked = () =>
      screen
        .getAllByRole('radio')
        .find((r) => (r as HTMLInputElement).checked)
        ?.getAttribute('value');

    const first = await renderFunnel(path, { state: (s) => ((s.plans.landingType = landingType), answered({ [choice.question]: answer })(s)) });
    await screen.findAllByRole('radio');
    expect(checked()).toBe(plan);
    first.unmount();

    const other = questionsOf('personal')
      .get(choice.question)!
      .answers.find((a) => !ownValue(choice.byAnswer, a.id))!;
    await renderFunnel(path, { state: (s) => ((s.plans.landingType = landingType), answered({ [choice.question]: other.id })(s)) });
    await screen.findAllByRole('radio');
    expect(checked()).toBe(variant.defaultPlan);
  });
});
