import { useTexts } from '../../engine/react/index.ts';
import type { AnswerSummaryItem } from '../types/flow.gen.ts';

export interface AnswerSummaryProps {
  items: readonly AnswerSummaryItem[];
  /** The translated label of the visitor's answer to a question, undefined when not answered. */
  labelOf: (questionId: string) => string | undefined;
  className?: string;
}

/**
 * What the visitor told us, one line per answered question: what it was about, and the answer's own
 * label (a question not answered is left out, so the list never shows a blank). Shared by the quiz's
 * summary interstitial and the paywall.
 */
export function AnswerSummary({ items, labelOf, className = '' }: AnswerSummaryProps) {
  const { t } = useTexts();
  const rows = items.flatMap((item) => {
    const answer = labelOf(item.question);
    return answer === undefined ? [] : [{ question: item.question, label: t(item.label), answer }];
  });
  if (rows.length === 0) return null;
  return (
    <dl className={`fe-answers ${className}`.trim()}>
      {rows.map((row) => (
        <div key={row.question} className="fe-answers__row" data-question={row.question}>
          <dt className="fe-answers__label">{row.label}</dt>
          <dd className="fe-answers__answer">{row.answer}</dd>
        </div>
      ))}
    </dl>
  );
}
