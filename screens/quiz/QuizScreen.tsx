import { useEffect, useMemo, useRef, useState } from 'react';
import { useEngine, useTexts, useVariant } from '../../engine/react/index.ts';
import { ownValue } from '../../engine/index.ts';
import { quizPlace } from './answers.ts';
import type { QuizProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useFunnel, useStore } from '../product/hooks.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import { answerQuestion, firstUnanswered, questionAfter, restoreQuiz } from './model.ts';
import { Screen } from '../ui/Screen.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** Its questions' illustrations download while the visitor reads the step before. */
export const prefetch: ScreenPrefetch<QuizProps> = (props) => prefetchArt(...props.questions.map((question) => question.art));

/** It may render out of sight while the signup before it is under way: the answers it restores are the same then as when it is shown. */
export const preparable = true;

/**
 * The options quiz: one question at a time with its position among all the questions of the flow's
 * quiz steps (answers.ts), each answer stored and tracked (model.ts); after the step's last question
 * the funnel moves on. The funnel's progress bar is the only
 * bar on this step; the quiz adds its "Question 2 of 3" line and a Back control that returns to the
 * previous question with its answer still chosen (the browser's Back stays blocked, spec section 2).
 * A reload opens the first question without an answer, because the answers are restored from the
 * persisted analytics data.
 */
export default function QuizScreen({ props, next }: ScreenProps<QuizProps>) {
  const { t } = useTexts();
  const { analytics, step } = useFunnel();
  const { steps, data } = useEngine();
  const { variant } = useVariant();
  // "Question 3 of 6" counts every quiz step of the flow, so a quiz split by interstitials reads as one
  const entry = ownValue(data.flows, step.flowId)?.entry ?? step.id;
  const place = useMemo(() => quizPlace(steps, entry, step.id, variant), [steps, entry, step.id, variant]);
  const { store, snap } = useStore();
  const ids = useMemo(() => props.questions.map((q) => q.id), [props.questions]);
  const [index, setIndex] = useState(() => {
    restoreQuiz(store, ids); // idempotent, so StrictMode's second call is harmless
    // every question answered already (a reload right at the end): show the last one again
    return Math.min(firstUnanswered(ids, store.options.answers), ids.length - 1);
  });
  const question = props.questions[index] ?? props.questions[0];
  const total = Math.max(place.total, place.before + props.questions.length);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(index);

  // a new question is a new page for a screen reader: its heading takes focus (the step's first
  // question gets it from the engine's step focus, so only a change of question moves it here)
  useEffect(() => {
    if (shown.current === index) return;
    shown.current = index;
    heading.current?.focus({ preventScroll: true });
  }, [index]);

  const choose = (answerId: string): void => {
    answerQuestion(store, analytics, ids, question.id, answerId);
    const following = questionAfter(ids, index, store.options.answers);
    if (following === undefined) next();
    else setIndex(following);
  };

  return (
    <Screen className="quiz" art={question.art}>
      <div className="quiz__header">
        {index > 0 ? (
          <button type="button" className="quiz__back" onClick={() => setIndex(index - 1)}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {t('quiz.back')}
          </button>
        ) : null}
        <p className="quiz__counter">{t('quiz.progress', { current: place.before + index + 1, total })}</p>
      </div>
      <fieldset className="quiz__question" key={question.id}>
        <legend className="quiz__legend">
          <h1 className="fe-title" ref={heading} tabIndex={-1}>
            {t(question.title)}
          </h1>
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
                  data-answer={answer.id}
                  onClick={() => choose(answer.id)}
                >
                  {answer.icon ? <LineIcon name={answer.icon} className="quiz__answer-icon" /> : null}
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
