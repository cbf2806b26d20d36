/**
 * The options quiz of spec section 4: each answer increases options.answeredCount (counted over
 * every quiz step of the flow, when a flow splits its quiz into several); once every question of the
 * step is answered, options.done is true.
 *
 * Surviving a reload: the options slice is not persisted (spec section 3), so each answer is also
 * written to the persisted events.analyticsData as `quiz_<questionId>` (the answers are analytics
 * data anyway), and restoreQuiz() rebuilds the options slice from there when the quiz opens again.
 */
import type { Analytics } from '../../engine/index.ts';
import type { ProductState } from '../product/slices.ts';
import { ownValue } from '../../engine/index.ts';

/** The prefix of the answers kept in events.analyticsData. */
export const QUIZ_ANSWER_PREFIX = 'quiz_';

/** Fills the options slice from the persisted answers of these questions (after a reload). */
export function restoreQuiz(store: ProductState, questionIds: readonly string[]): void {
  const { options, events } = store;
  for (const id of questionIds) {
    const saved = events.analyticsData[QUIZ_ANSWER_PREFIX + id];
    if (saved && ownValue(options.answers, id) === undefined) options.answers[id] = saved;
  }
  // the count spans every quiz step of the flow; done is about this step's questions
  const answered = Object.keys(options.answers).length;
  if (answered > options.answeredCount) options.answeredCount = answered;
  options.done = firstUnanswered(questionIds, options.answers) === questionIds.length;
}

/**
 * The index of the first question without an answer; questionIds.length when all are answered.
 * @example firstUnanswered(['locate', 'place'], { locate: 'friend' }) // 1
 */
export function firstUnanswered(questionIds: readonly string[], answers: Readonly<Record<string, string>>): number {
  const index = questionIds.findIndex((id) => ownValue(answers, id) === undefined);
  return index === -1 ? questionIds.length : index;
}

/**
 * Where the quiz goes after an answer to question `index`: the next question (it may already have an
 * answer when the visitor came back with the quiz's Back control), else the first one still without
 * an answer, else undefined: every question is answered and the funnel moves on.
 * @example questionAfter(['locate', 'place'], 0, { locate: 'friend' }) // 1
 */
export function questionAfter(questionIds: readonly string[], index: number, answers: Readonly<Record<string, string>>): number | undefined {
  if (index + 1 < questionIds.length) return index + 1;
  const open = firstUnanswered(questionIds, answers);
  return open < questionIds.length ? open : undefined;
}

/**
 * Records one answer: stores it (in options and in the persisted analytics data), counts it once per
 * question, tracks `quiz_answered`, and sets done after the last question.
 * @returns true when every question is now answered
 */
export function answerQuestion(store: ProductState, analytics: Analytics, questionIds: readonly string[], questionId: string, answerId: string): boolean {
  const { options } = store;
  const first = ownValue(options.answers, questionId) === undefined;
  options.answers[questionId] = answerId;
  store.events.analyticsData[QUIZ_ANSWER_PREFIX + questionId] = answerId;
  if (first) options.answeredCount += 1;
  analytics.track('quiz_answered', { question: questionId, answer: answerId });
  options.done = firstUnanswered(questionIds, options.answers) === questionIds.length;
  return options.done;
}
