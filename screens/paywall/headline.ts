/**
 * The paywall's headline from the visitor's quiz answer (no React): the step's `headline` choice,
 * read with the engine's chooseByAnswer over the answers the quiz keeps (screens/quiz/answers.ts).
 */
import { chooseByAnswer } from '../../engine/index.ts';
import type { PaywallHeadline } from '../types/flow.gen.ts';
import { answerLookup, type QuizAnswerSources } from '../quiz/answers.ts';

/**
 * The headline key for the visitor's answer, or undefined when there is none for it (then the
 * variant's title is the headline).
 * @example headlineKey({ question: 'locate', byAnswer: { friend: 'paywall.headline.friend' } }, store) // 'paywall.headline.friend'
 */
export function headlineKey(headline: PaywallHeadline | undefined, store: QuizAnswerSources): string | undefined {
  return chooseByAnswer(headline, answerLookup(store));
}
