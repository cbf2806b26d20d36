import { useTexts } from '../../engine/react/index.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import { chooseByAnswer } from '../../engine/index.ts';
import type { QuizFactProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useAnswers } from '../quiz/useAnswers.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** Every illustration it may show downloads while the visitor answers the question before. */
export const prefetch: ScreenPrefetch<QuizFactProps> = (props) => prefetchArt(props.art, ...Object.values(props.artByAnswer?.byAnswer ?? {}));

/**
 * A fact between quiz questions that answers what the visitor just told us: its title and
 * illustration may be chosen by an answer (chooseByAnswer), its texts may quote the answers
 * (`{{answers.<questionId>}}`). The fact's source is data (props.source), checked by the validator.
 */
export default function QuizFactScreen({ props, next }: ScreenProps<QuizFactProps>) {
  const { t } = useTexts();
  const { answerOf, answerTexts } = useAnswers();
  const title = chooseByAnswer(props.titleByAnswer, answerOf) ?? props.title;
  const art = chooseByAnswer(props.artByAnswer, answerOf) ?? props.art;
  return (
    <Screen className="quiz-fact" art={art}>
      <p className="quiz-fact__eyebrow">{t('quizInterstitial.factEyebrow')}</p>
      <h1 className="fe-title">{t(title, answerTexts)}</h1>
      <p className="fe-text quiz-fact__text">{t(props.text, answerTexts)}</p>
      <div className="quiz-fact__actions">
        <Button onClick={() => next()}>{t(props.cta)}</Button>
      </div>
    </Screen>
  );
}
