/**
 * The visitor's quiz answers as the other steps read them (no React): the answer to a question, the
 * label keys of the answers given (for texts that quote them), and where a quiz step's questions
 * stand among all the questions of its flow. Everything is read from the flow, so splitting a quiz
 * into several steps with interstitials between them is a flow edit only.
 */
import { nextStepId, ownValue, resolveStep, type AnswerLookup, type Step, type StepRef, type Variant } from '../../engine/index.ts';
import { QUIZ_ANSWER_PREFIX } from './model.ts';

/** Where the quiz answers live in the store. */
export interface QuizAnswerSources {
  options: { answers: Readonly<Record<string, string>> };
  events: { analyticsData: Readonly<Record<string, unknown>> };
}

/**
 * The visitor's answer to a quiz question, or undefined when not answered: from the options slice, or,
 * after a reload (that slice is not persisted), from the answers the quiz keeps in events.analyticsData.
 */
export function quizAnswer(store: QuizAnswerSources, questionId: string): string | undefined {
  const live = ownValue(store.options.answers, questionId);
  if (live) return live;
  const saved = ownValue(store.events.analyticsData, QUIZ_ANSWER_PREFIX + questionId);
  return typeof saved === 'string' && saved ? saved : undefined;
}

/** The engine's answer lookup (chooseByAnswer) over the store. */
export const answerLookup =
  (store: QuizAnswerSources): AnswerLookup =>
  (questionId) =>
    quizAnswer(store, questionId);

/** A quiz question as a flow defines it. */
export interface FlowQuestion {
  id: string;
  title: string;
  answers: ReadonlyArray<{ id: string; label: string }>;
}

/** The questions of a step when it is a quiz, else none. */
export function questionsOf(step: Step): readonly FlowQuestion[] {
  if (step.screen !== 'quiz') return [];
  const questions = (step.props as { questions?: unknown } | undefined)?.questions;
  return Array.isArray(questions) ? (questions as FlowQuestion[]) : [];
}

/**
 * Every quiz question of a flow by id (the first definition wins when two quiz steps ask the same one).
 */
export function flowQuestions(steps: ReadonlyMap<string, StepRef>, flowId: string): Map<string, FlowQuestion> {
  const found = new Map<string, FlowQuestion>();
  for (const ref of steps.values()) {
    if (ref.flowId !== flowId) continue;
    for (const question of questionsOf(ref.step)) if (!found.has(question.id)) found.set(question.id, question);
  }
  return found;
}

/** The label key of the answer the visitor gave to a question of the flow, or undefined. */
export function answerLabelKey(questions: ReadonlyMap<string, FlowQuestion>, questionId: string, answerOf: AnswerLookup): string | undefined {
  const answer = answerOf(questionId);
  return answer === undefined ? undefined : questions.get(questionId)?.answers.find((a) => a.id === answer)?.label;
}

/**
 * The label keys of every answer given to a question of the flow, by question id: what texts quote as
 * `{{answers.<questionId>}}` once translated.
 */
export function answerLabelKeys(questions: ReadonlyMap<string, FlowQuestion>, answerOf: AnswerLookup): Map<string, string> {
  const keys = new Map<string, string>();
  for (const id of questions.keys()) {
    const label = answerLabelKey(questions, id, answerOf);
    if (label !== undefined) keys.set(id, label);
  }
  return keys;
}

/** Where a quiz step's questions stand in its flow: how many questions come before them, and how many there are in all. */
export interface QuizPlace {
  before: number;
  total: number;
}

/**
 * The place of a quiz step's questions among the questions of the quiz steps met walking the flow
 * from its entry along each step's default outcome (with the variant's overrides); a step off that
 * walk counts its own questions only.
 * @example quizPlace(steps, 'personal', 'personal-worry', variant) // { before: 2, total: 6 }
 */
export function quizPlace(steps: ReadonlyMap<string, StepRef>, entryId: string, stepId: string, variant?: Variant): QuizPlace {
  const counts: Array<{ id: string; questions: number }> = [];
  const seen = new Set<string>();
  for (let id: string | undefined = entryId; id !== undefined && !seen.has(id);) {
    seen.add(id);
    const ref = steps.get(id);
    if (!ref) break;
    const step = resolveStep(ref.step, id, variant);
    const questions = questionsOf(step).length;
    if (questions > 0) counts.push({ id, questions });
    id = nextStepId(step.next);
  }
  const at = counts.findIndex((c) => c.id === stepId);
  if (at === -1) {
    const own = steps.get(stepId);
    return { before: 0, total: own ? questionsOf(own.step).length : 0 };
  }
  const before = counts.slice(0, at).reduce((n, c) => n + c.questions, 0);
  return { before, total: counts.reduce((n, c) => n + c.questions, 0) };
}
