import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { AddHomeProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useFunnel } from '../product/hooks.ts';
import type { ScreenPrefetch } from '../../engine/react/index.ts';
import { errorTextOptions, checkAddress } from '../product/family.ts';
import { Button } from '../ui/Button.tsx';
import { Field, invalidProps } from '../ui/Field.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** Its illustration downloads while the visitor reads the step before. */
export const prefetch: ScreenPrefetch<AddHomeProps> = () => prefetchArt('place-alerts');

/** Its render changes nothing, so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * The home place: an address field; a valid address is stored in the family state and confirmed by a
 * "home added" message with a continue button. An optional skip continues without a home.
 */
export default function AddHomeScreen({ props, next }: ScreenProps<AddHomeProps>) {
  const { t } = useTexts();
  // the store for its handlers only: no snapshot, so no render on every change of the store
  const { store } = useFunnel();
  const [value, setValue] = useState(() => store.family.home);
  const [error, setError] = useState('');
  const [added, setAdded] = useState('');
  const done = useRef(false);
  const confirmation = useRef<HTMLDivElement>(null);
  const inputId = useId();

  useEffect(() => {
    if (added) confirmation.current?.focus();
  }, [added]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const result = checkAddress(value);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    store.family.home = result.value;
    setAdded(result.value);
  };

  const proceed = (): void => {
    if (done.current) return;
    done.current = true;
    next();
  };

  if (added) {
    return (
      <Screen className="add-home add-home--added">
        <div className="add-home__added" ref={confirmation} tabIndex={-1} role="status">
          <span className="add-home__badge" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="40" height="40">
              <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          <h1 className="fe-title">{t('family.home.added')}</h1>
          <p className="fe-text add-home__address">{added}</p>
        </div>
        <div className="add-home__actions">
          <Button onClick={proceed}>{t('common.continue')}</Button>
          <Button variant="link" onClick={() => setAdded('')}>
            {t('family.home.change')}
          </Button>
        </div>
      </Screen>
    );
  }

  return (
    <Screen className="add-home" art="place-alerts">
      <form className="add-home__form" noValidate onSubmit={submit}>
        <TitleBlock title={t(props.title)} text={props.text ? t(props.text) : undefined} />
        <Field inputId={inputId} label={t('family.home.label')} error={error ? t(error, errorTextOptions(error)) : undefined} className="add-home__field">
          <input
            id={inputId}
            className="fe-field__input"
            type="text"
            name="street-address"
            autoComplete="street-address"
            enterKeyHint="done"
            value={value}
            placeholder={t('family.home.placeholder')}
            {...invalidProps(inputId, Boolean(error))}
            onChange={(e) => {
              setValue(e.target.value);
              setError('');
            }}
          />
        </Field>
        <div className="add-home__actions">
          <Button type="submit">{t(props.cta)}</Button>
          {props.skip ? (
            <Button variant="link" onClick={proceed}>
              {t(props.skip)}
            </Button>
          ) : null}
        </div>
      </form>
    </Screen>
  );
}
