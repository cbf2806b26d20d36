import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextEntryProps } from '../../engine/types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/types.ts';
import { useStore } from '../../engine/react/hooks.ts';
import { errorTextOptions, TEXT_FIELD_RULES, displayValue, type TextField } from '../../engine/core/family.ts';
import { Button } from '../ui/Button.tsx';
import { Field, invalidProps, ltrInputProps } from '../ui/Field.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';

/** How the browser should treat each field (autofill, capitalisation, keyboard). */
const INPUT_HINTS: Record<TextField, InputHTMLAttributes<HTMLInputElement>> = {
  name: { autoComplete: 'given-name', autoCapitalize: 'words', enterKeyHint: 'next' },
  circleName: { autoComplete: 'off', autoCapitalize: 'words', enterKeyHint: 'next' },
  // an invite code reads left to right in every language
  code: { autoComplete: 'off', autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false, maxLength: 16, enterKeyHint: 'go', ...ltrInputProps('text') },
};

/**
 * One text field of the family state (name, Circle name or invite code, per the `field` prop), checked
 * by that field's rule; the normalised value is stored and the funnel moves on.
 */
export default function TextEntryScreen({ props, next }: ScreenProps<TextEntryProps>) {
  const { t, i18n } = useTranslation();
  const { store } = useStore();
  const field = props.field;
  const [value, setValue] = useState(() => displayValue(field, store.family[field]));
  const [error, setError] = useState('');
  const done = useRef(false);
  const inputId = useId();

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (done.current) return;
    const result = TEXT_FIELD_RULES[field](value, i18n.resolvedLanguage ?? i18n.language);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    done.current = true;
    store.family[field] = result.value;
    next();
  };

  return (
    <Screen className={`text-entry text-entry--${field}`} card>
      <form className="text-entry__form" noValidate onSubmit={submit}>
        <TitleBlock title={t(props.title)} text={props.text ? t(props.text) : undefined} />
        <Field inputId={inputId} label={t(props.label)} error={error ? t(error, errorTextOptions(error)) : undefined} className="text-entry__field" ltr={field === 'code'}>
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
          <Button type="submit">{t(props.cta)}</Button>
        </div>
      </form>
    </Screen>
  );
}
