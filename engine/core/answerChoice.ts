/**
 * Choices a flow makes from the visitor's answers: a headline, an illustration, a preselected plan…
 * are data of the shape `{ question, byAnswer }`, one value per answer id. The engine only picks; what
 * the values mean and where answers are kept belong to the product.
 */
import { ownValue } from './ownValue.ts';

/** A value per answer id to one question (answer ids and values come from flow data). */
export interface AnswerChoice<T> {
  question: string;
  byAnswer: Readonly<Record<string, T>>;
}

/** How the product reads the visitor's answer to a question: the answer id, or undefined when not answered. */
export type AnswerLookup = (questionId: string) => string | undefined;

/**
 * The value the choice holds for the visitor's answer; undefined with no choice, no answer, or an
 * answer the choice does not list (the caller then keeps its default).
 * @example chooseByAnswer({ question: 'locate', byAnswer: { friend: 'friends' } }, () => 'friend') // 'friends'
 */
export function chooseByAnswer<T>(choice: AnswerChoice<T> | undefined, answerOf: AnswerLookup): T | undefined {
  if (!choice) return undefined;
  const answer = answerOf(choice.question);
  return answer === undefined ? undefined : ownValue(choice.byAnswer, answer);
}
