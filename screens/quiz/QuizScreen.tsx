import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuizProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/index.ts';
import { useFunnel, useStore } from '../../engine/react/index.ts';
import { answerQuestion, firstUnanswered, restoreQuiz } from './model.ts';
import { Screen } from '../ui/Screen.tsx';

/**
 * The options quiz: one question at a time with its position, each answer stored and tracked
 * (engine/core/quiz.ts); after the last the funnel moves on. A reload opens the first question
 * without an answer, because the answers are restored from the persisted analytics data.
 */
export default function QuizScreen({ props, next }: ScreenProps<QuizProps>) {
  const { t } = useTranslation();
  const { analytics } = useFunnel();
  const { store, snap } = useStore();
  const ids = useMemo(() => props.questions.map((q) => q.id), [props.questions]);
  const [index, setIndex] = useState(() => {
    restoreQuiz(store, ids); // idempotent, so StrictMode's second call is harmless
    // every question answered already (a reload right at the end): show the last one again
    return Math.min(firstUnanswered(ids, store.options.answers), ids.length - 1);
  });
  const question = props.questions[index] ?? props.questions[0];
  const total = props.questions.length;

  const choose = (answerId: string): void => {
    if (answerQuestion(store, analytics, ids, question.id, answerId)) {
      next();
      return;
    }
    setIndex(Math.min(firstUnanswered(ids, store.options.answers), total - 1));
  };

  return (
    <Screen className="quiz" card>
      <div className="quiz__progress">
        <p className="quiz__counter">{t('quiz.progress', { current: index + 1, total })}</p>
        <div className="quiz__steps" aria-hidden="true">
          {props.questions.map((q, i) => (
            <span key={q.id} className={`quiz__step ${i <= index ? 'quiz__step--reached' : ''}`.trim()} />
          ))}
        </div>
      </div>
      <fieldset className="quiz__question" key={question.id}>
        <legend className="quiz__legend">
          <h1 className="fe-title">{t(question.title)}</h1>
        </legend>
        <ul className="quiz__answers">
          {question.answers.map((answer) => {
            const chosen = snap.options.answers[question.id] === answer.id;
            return (
              <li key={answer.id}>
                <button
                  type="button"
                  className={`quiz__answer ${chosen ? 'quiz__answer--chosen' : ''}`.trim()}
                  aria-pressed={chosen}
                  onClick={() => choose(answer.id)}
                >
                  <span className="quiz__answer-label">{t(answer.label)}</span>
                  <span className="quiz__answer-mark" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>
    </Screen>
  );
}
