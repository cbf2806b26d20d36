/**
 * The paywall's headline from the visitor's quiz answer (no React). The answer is read from the options
 * slice, or, after a reload (that slice is not persisted), from the answers the quiz keeps in the
 * persisted events.analyticsData.
 */
import { ownValue } from '../../engine/index.ts';
import type { PaywallHeadline } from '../types/flow.gen.ts';
import { QUIZ_ANSWER_PREFIX } from '../quiz/model.ts';

/** Where the quiz answers live in the store. */
export interface QuizAnswerSources {
  options: { answers: Readonly<Record<string, string>> };
  events: { analyticsData: Readonly<Record<string, unknown>> };
}

/** The visitor's answer to a quiz question, or undefined when not answered. */
export function quizAnswer(store: QuizAnswerSources, questionId: string): string | undefined {
  const live = ownValue(store.options.answers, questionId);
  if (live) return live;
  const saved = ownValue(store.events.analyticsData, QUIZ_ANSWER_PREFIX + questionId);
  return typeof saved === 'string' && saved ? saved : undefined;
}

/**
 * The headline key for the visitor's answer, or undefined when there is none for it (then the
 * variant's title is the headline).
 * @example headlineKey({ question: 'locate', byAnswer: { friend: 'paywall.headline.friend' } }, store) // 'paywall.headline.friend'
 */
export function headlineKey(headline: PaywallHeadline | undefined, store: QuizAnswerSources): string | undefined {
  if (!headline) return undefined;
  const answer = quizAnswer(store, headline.question);
  return answer === undefined ? undefined : ownValue(headline.byAnswer, answer);
}
