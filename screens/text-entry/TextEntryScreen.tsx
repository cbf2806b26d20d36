import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { TextEntryProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useFunnel } from '../product/hooks.ts';
import { readBound, writeBound } from '../../engine/index.ts';
import type { ProductState } from '../product/slices.ts';
import { CIRCLE_ERRORS, errorTextOptions, TEXT_FIELD_RULES, displayValue, type FieldResult, type TextField } from '../product/family.ts';
import { Button } from '../ui/Button.tsx';
import { Field, invalidProps, ltrInputProps } from '../ui/Field.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';

/** How the browser should treat each field (autofill, capitalisation, keyboard). */
const INPUT_HINTS: Record<TextField, InputHTMLAttributes<HTMLInputElement>> = {
  name: { autoComplete: 'given-name', autoCapitalize: 'words', enterKeyHint: 'next' },
  circleName: { autoComplete: 'off', autoCapitalize: 'words', enterKeyHint: 'next' },
  // an invite code reads left to right in every language
  code: {
    autoComplete: 'off',
    autoCapitalize: 'characters',
    autoCorrect: 'off',
    spellCheck: false,
    maxLength: 16,
    enterKeyHint: 'go',
    ...ltrInputProps('text'),
  },
};

/** The server checks a step may add after the rule (its `verify` prop); each loads its API module on use. */
const SERVER_CHECKS: Record<NonNullable<TextEntryProps['verify']>, (store: ProductState, value: string) => Promise<FieldResult>> = {
  // a lookup never rejects; a module that cannot load is a code that could not be checked
  circle: (store, code) =>
    import('../product/circleApi.ts').then(
      (api) => api.joinCircle(store, code),
      (): FieldResult => ({ ok: false, error: CIRCLE_ERRORS.unreachable }),
    ),
};

/** Its render changes nothing, so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * One text field, checked by the rule its `rule` prop names (a name, a Circle name or an invite code);
 * the normalised value is written to the store field its `bind` prop names and the funnel moves on.
 * A `verify` prop adds a server check (an invite code must open a Circle) before it moves on.
 */
export default function TextEntryScreen({ props, next }: ScreenProps<TextEntryProps>) {
  const { t, language } = useTexts();
  // the store for its handlers only: no snapshot, so no render on every change of the store
  const { store, prepareNext } = useFunnel();
  const field = props.rule;
  const [value, setValue] = useState(() => displayValue(field, readBound(store, props.bind)));
  const [error, setError] = useState('');
  const [errorValues, setErrorValues] = useState<Readonly<Record<string, number>>>();
  const [checking, setChecking] = useState(false);
  const done = useRef(false);
  const inputId = useId();

  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (done.current) return;
    let result = TEXT_FIELD_RULES[field](value, language);
    let release = (): void => {};
    if (result.ok && props.verify) {
      done.current = true; // one lookup at a time: a second press waits for the first
      setChecking(true);
      // the next step renders out of sight meanwhile: a code that opens a Circle then only shows it
      release = prepareNext();
      result = await SERVER_CHECKS[props.verify](store, result.value);
      done.current = false;
      setChecking(false);
    }
    if (!result.ok) {
      release();
      setError(result.error);
      setErrorValues(result.values);
      return;
    }
    done.current = true;
    writeBound(store, props.bind, result.value);
    next();
  };

  return (
    <Screen className={`text-entry text-entry--${field}`}>
      <form className="text-entry__form" noValidate onSubmit={(event) => void submit(event)} aria-busy={checking}>
        <TitleBlock title={t(props.title)} text={props.text ? t(props.text) : undefined} />
        <Field
          inputId={inputId}
          label={t(props.label)}
          error={error ? t(error, { ...errorTextOptions(error), ...errorValues }) : undefined}
          className="text-entry__field"
          ltr={field === 'code'}
        >
          <input
            id={inputId}
            className="fe-field__input text-entry__input"
            type="text"
            name={field}
            value={value}
            placeholder={props.placeholder ? t(props.placeholder) : undefined}
            {...invalidProps(inputId, Boolean(error))}
            onChange={(e) => {
              setValue(e.target.value);
              setError('');
            }}
            {...INPUT_HINTS[field]}
          />
        </Field>
        <div className="text-entry__actions">
          <Button type="submit" disabled={checking}>
            {t(props.cta)}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
