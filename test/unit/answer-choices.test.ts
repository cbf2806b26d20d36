/**
 * The answer-driven choices of the flows (engine: chooseByAnswer; product: answers.ts, the paywall's
 * default plan and the trial timeline), on the real flow data where they apply.
 */
import { chooseByAnswer, getVariant, indexSteps, periodEnd, planPricing } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { answerLabelKeys, flowQuestions, quizAnswer, quizPlace } from '../../screens/quiz/answers.ts';
import { defaultPlanFor, initialPlan } from '../../screens/paywall/model.ts';
import { trialMilestones } from '../../screens/paywall/trialTimeline.ts';
import type { QuizProps } from '../../screens/types/flow.gen.ts';

const steps = indexSteps(funnelData.flows);

describe('chooseByAnswer', () => {
  const choice = { question: 'locate', byAnswer: { friend: 'friends', lovedOne: 'loved' } };

  it("takes the value of the visitor's answer", () => {
    expect(chooseByAnswer(choice, (q) => (q === 'locate' ? 'friend' : undefined))).toBe('friends');
  });

  it('has nothing without a choice, without an answer, or for an answer the choice does not list', () => {
    expect(chooseByAnswer(undefined, () => 'friend')).toBeUndefined();
    expect(chooseByAnswer(choice, () => undefined)).toBeUndefined();
    expect(chooseByAnswer(choice, () => 'familyMember')).toBeUndefined();
  });

  it("never finds a member every object inherits for an answer such as 'constructor'", () => {
    expect(chooseByAnswer(choice, () => 'constructor')).toBeUndefined();
    expect(chooseByAnswer(choice, () => '__proto__')).toBeUndefined();
  });
});

describe('the answers as other steps read them', () => {
  const store = (answers: Record<string, string>, saved: Record<string, unknown> = {}) => ({ options: { answers }, events: { analyticsData: saved } });

  it('reads an answer from the options slice, else from the persisted analytics data', () => {
    expect(quizAnswer(store({ locate: 'friend' }), 'locate')).toBe('friend');
    expect(quizAnswer(store({}, { quiz_locate: 'lovedOne' }), 'locate')).toBe('lovedOne');
    expect(quizAnswer(store({}, { quiz_locate: 42 }), 'locate')).toBeUndefined();
  });

  it("gives the label key of each answered question of the flow, as the flow's quiz defines it", () => {
    const questions = flowQuestions(steps, 'personal');
    const [first, second] = [...questions.values()];
    const answers: Record<string, string> = { [first!.id]: first!.answers[1]!.id, [second!.id]: second!.answers[0]!.id };
    const keys = answerLabelKeys(questions, (q) => answers[q]);
    expect(Object.fromEntries(keys)).toEqual({ [first!.id]: first!.answers[1]!.label, [second!.id]: second!.answers[0]!.label });
  });
});

describe('quizPlace', () => {
  /** The quiz steps of a flow in the order its steps are written, with their question counts. */
  const quizSteps = (flowId: string) =>
    Object.entries(funnelData.flows[flowId]!.steps).flatMap(([id, s]) => (s.screen === 'quiz' ? [{ id, count: (s.props as QuizProps).questions.length }] : []));

  it('counts the questions of every quiz step of a split quiz, in the order the flow walks them', () => {
    const flow = funnelData.flows.personal!;
    const quizzes = quizSteps('personal');
    const total = quizzes.reduce((n, q) => n + q.count, 0);
    expect(total).toBeGreaterThanOrEqual(5);
    let before = 0;
    for (const quiz of quizzes) {
      expect(quizPlace(steps, flow.entry, quiz.id)).toEqual({ before, total });
      before += quiz.count;
    }
  });

  it("follows a variant's overrides of next (the quiz-first variant walks the same one quiz)", () => {
    const main = funnelData.flows.main!;
    const [quiz] = quizSteps('main');
    const quizFirst = getVariant(funnelData.landings, 'quizfirst');
    expect(quizPlace(steps, main.entry, quiz!.id, quizFirst)).toEqual({ before: 0, total: quiz!.count });
  });

  it('counts only its own questions for a step off the walk', () => {
    const [quiz] = quizSteps('personal');
    expect(quizPlace(steps, 'download', quiz!.id)).toEqual({ before: 0, total: quiz!.count });
  });
});

describe("the paywall's default plan by answer", () => {
  it('takes the chosen plan when the variant shows it, else the variant default; the visitor’s own choice wins', () => {
    const names = ['a', 'b', 'c'];
    expect(defaultPlanFor(names, 'a', 'c')).toBe('c');
    expect(defaultPlanFor(names, 'a', 'z')).toBe('a');
    expect(defaultPlanFor(names, 'a', undefined)).toBe('a');
    expect(initialPlan(names, defaultPlanFor(names, 'a', 'c'), 'b')).toBe('b');
  });
});

describe('trialMilestones', () => {
  const now = new Date(2026, 10, 29, 12);
  const plans = Object.values(funnelData.plans.plans);

  it("places today, the reminder and the charge by each trial plan's own length", () => {
    const trials = plans.filter((p) => planPricing(p).trialDays > 0);
    expect(trials.length).toBeGreaterThan(0);
    for (const plan of trials) {
      const days = planPricing(plan).trialDays;
      const expected = [
        { kind: 'today', day: 0, date: now },
        ...(days >= 2 ? [{ kind: 'reminder', day: days - 1, date: periodEnd(now, { count: days - 1, unit: 'day' }) }] : []),
        { kind: 'billing', day: days, date: periodEnd(now, { count: days, unit: 'day' }) },
      ];
      expect(trialMilestones(plan, now)).toEqual(expected);
    }
  });

  it('moves with the data: a 7-day trial reminds on day 6 and charges on day 7; a one-day trial has no reminder', () => {
    const [trial] = plans.filter((p) => planPricing(p).trialDays > 0);
    expect(trialMilestones({ ...trial!, trialDays: 7 }, now).map((m) => [m.kind, m.day])).toEqual([
      ['today', 0],
      ['reminder', 6],
      ['billing', 7],
    ]);
    expect(trialMilestones({ ...trial!, trialDays: 1 }, now).map((m) => m.kind)).toEqual(['today', 'billing']);
  });

  it('has none for a plan without a trial', () => {
    const plain = plans.find((p) => planPricing(p).trialDays === 0)!;
    expect(trialMilestones(plain, now)).toEqual([]);
  });
});
