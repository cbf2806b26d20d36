import { useRef } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { ChoiceProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useStore } from '../product/hooks.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import { readBound, writeBound } from '../../engine/index.ts';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { ChoiceIcon } from './icons.tsx';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** Its illustration downloads while the visitor reads the step before. */
export const prefetch: ScreenPrefetch<ChoiceProps> = (props) => prefetchArt(props.art);

/** Its render changes nothing, so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * A list of options; choosing one ends the screen with the option's id as the outcome (the flow maps
 * outcomes to steps). With `bind` set, the id is also stored in that store field, and shown as
 * chosen when the visitor returns.
 */
export default function ChoiceScreen({ props, next }: ScreenProps<ChoiceProps>) {
  const { t } = useTexts();
  const { store, snap } = useStore();
  const chosen = props.bind ? readBound(snap, props.bind) : '';
  const done = useRef(false);

  const choose = (id: string): void => {
    if (done.current) return; // a double tap must not move the funnel twice
    done.current = true;
    if (props.bind) writeBound(store, props.bind, id);
    next(id);
  };

  return (
    <Screen className="choice" art={props.art}>
      <TitleBlock title={t(props.title)} text={props.text ? t(props.text) : undefined} />
      <div className="choice__options" role="group" aria-label={t(props.title)}>
        {props.options.map((option) => (
          <button
            key={option.id}
            type="button"
            className={`choice__option ${chosen === option.id ? 'choice__option--chosen' : ''}`.trim()}
            aria-pressed={chosen === option.id}
            data-option={option.id}
            onClick={() => choose(option.id)}
          >
            {option.icon ? <ChoiceIcon name={option.icon} /> : null}
            <span className="choice__label">{t(option.label)}</span>
            <svg className="choice__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ))}
      </div>
    </Screen>
  );
}
