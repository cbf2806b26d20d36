import { useMemo } from 'react';
import { useEngine, useTexts } from '../../engine/react/index.ts';
import type { AnswerLookup } from '../../engine/index.ts';
import { useFunnel, useStore } from '../product/hooks.ts';
import { answerLabelKey, answerLabelKeys, answerLookup, flowQuestions } from './answers.ts';

/** The visitor's answers as a step shows them. */
export interface ShownAnswers {
  /** The answer id to a question (for chooseByAnswer). */
  answerOf: AnswerLookup;
  /** The translated label of the answer given to a question, or undefined when not answered. */
  labelOf: (questionId: string) => string | undefined;
  /** The options that let a text quote the answers: `t(key, answerTexts)` fills `{{answers.<questionId>}}`. */
  answerTexts: { answers: Record<string, string> };
}

/** The visitor's quiz answers to the questions of the current step's flow, read from the store snapshot. */
export function useAnswers(): ShownAnswers {
  const { t } = useTexts();
  const { steps } = useEngine();
  const { step } = useFunnel();
  const { snap } = useStore();
  const questions = useMemo(() => flowQuestions(steps, step.flowId), [steps, step.flowId]);
  const answerOf = answerLookup(snap);
  const labelOf = (questionId: string): string | undefined => {
    const key = answerLabelKey(questions, questionId, answerOf);
    return key === undefined ? undefined : t(key);
  };
  const answers: Record<string, string> = {};
  for (const [id, key] of answerLabelKeys(questions, answerOf)) answers[id] = t(key);
  return { answerOf, labelOf, answerTexts: { answers } };
}
