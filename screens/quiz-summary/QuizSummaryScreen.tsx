import { useTexts } from '../../engine/react/index.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import type { QuizSummaryProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useAnswers } from '../quiz/useAnswers.ts';
import { AnswerSummary } from '../ui/AnswerSummary.tsx';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** Its illustration downloads while the visitor answers the question before. */
export const prefetch: ScreenPrefetch<QuizSummaryProps> = (props) => prefetchArt(props.art);

/**
 * What the visitor has told us so far, one line per answered question (the step's items), then
 * continue: the moment the quiz shows it listened before it asks for more.
 */
export default function QuizSummaryScreen({ props, next }: ScreenProps<QuizSummaryProps>) {
  const { t } = useTexts();
  const { labelOf, answerTexts } = useAnswers();
  return (
    <Screen className="quiz-summary" art={props.art}>
      <h1 className="fe-title">{t(props.title)}</h1>
      <AnswerSummary items={props.items} labelOf={labelOf} />
      {props.text ? <p className="fe-text quiz-summary__text">{t(props.text, answerTexts)}</p> : null}
      <div className="quiz-summary__actions">
        <Button onClick={() => next()}>{t(props.cta)}</Button>
      </div>
    </Screen>
  );
}
