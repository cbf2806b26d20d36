import { useTexts } from '../translator.ts';

/** The slim orange progress bar (6 px) showing the visitor's position in the funnel, 0 to 1. */
export function ProgressBar({ value }: { value: number }) {
  const { t } = useTexts();
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="fe-progress" role="progressbar" aria-label={t('a11y.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="fe-progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
