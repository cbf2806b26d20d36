import { useEffect, useState } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { CreatingProfileProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import { Screen } from '../ui/Screen.tsx';
import { formatPercent, formattingLocale } from '../../engine/index.ts';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** The pause after the last tick, so the visitor sees the final check mark before the page changes. */
const FINAL_PAUSE_MS = 500;

/** Its illustration downloads while the visitor reads the step before. */
export const prefetch: ScreenPrefetch<CreatingProfileProps> = () => prefetchArt('check-location');

/** Its render changes nothing (its timer starts in an effect), so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * The profile-creation progress: ticks through props.steps, one every props.stepMs, with check marks
 * and a progress bar, then moves on by itself. Each tick is its own timer, cleared on unmount, so
 * StrictMode's mount-unmount-mount never ticks twice or moves on twice.
 */
export default function CreatingProfileScreen({ props, next }: ScreenProps<CreatingProfileProps>) {
  const { t, language } = useTexts();
  const [done, setDone] = useState(0);
  const total = props.steps.length;

  useEffect(() => {
    const timer = done < total ? setTimeout(() => setDone((d) => d + 1), props.stepMs) : setTimeout(() => next(), FINAL_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [done, total, props.stepMs, next]);

  const percent = Math.round((done / total) * 100);
  const percentText = formatPercent(done / total, formattingLocale(language));
  return (
    <Screen className="creating-profile" art="check-location">
      <h1 className="fe-title creating-profile__title">{t(props.title)}</h1>
      <div className="creating-profile__meter">
        <div
          className="creating-profile__bar"
          role="progressbar"
          aria-label={t(props.title)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={percentText}
        >
          <div className="creating-profile__fill" style={{ width: `${percent}%` }} />
        </div>
        <span className="creating-profile__percent" aria-hidden="true">
          {percentText}
        </span>
      </div>
      <ol className="creating-profile__steps">
        {props.steps.map((key, i) => {
          const state = i < done ? 'done' : i === done ? 'active' : 'pending';
          return (
            <li
              key={key}
              className={`creating-profile__step creating-profile__step--${state}`}
              data-state={state}
              aria-current={state === 'active' ? 'step' : undefined}
            >
              <span className="creating-profile__mark" aria-hidden="true">
                {state === 'done' ? (
                  <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
                    <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                ) : null}
              </span>
              <span className="creating-profile__label">{t(key)}</span>
              {state === 'done' ? <span className="fe-visually-hidden">{t('creatingProfile.done')}</span> : null}
            </li>
          );
        })}
      </ol>
    </Screen>
  );
}
