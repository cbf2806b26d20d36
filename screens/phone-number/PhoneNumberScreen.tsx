import { useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTexts } from '../../engine/react/index.ts';
import type { PhoneNumberProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useFunnel } from '../product/hooks.ts';
import { countryOptions } from './countryList.ts';
import { checkPhone, formatTyping, guessCountry, isCountry, storedDisplay, type CountryCode } from './model.ts';
import { Button } from '../ui/Button.tsx';
import { Field, invalidProps, ltrInputProps } from '../ui/Field.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { CountryPicker } from './CountryPicker.tsx';

/** The browser's languages, most preferred first. */
function browserLanguages(): readonly string[] {
  // the build's prerender (Node, where a navigator may exist) guesses from the page's language alone
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** Its render changes nothing (the guessed country is only read), so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * The phone number with a searchable country picker: the country is guessed from the browser's
 * languages (else the page's), the number is formatted as it is typed and validated for the chosen country; E.164 and
 * the country are stored in the family state.
 */
export default function PhoneNumberScreen({ props, next }: ScreenProps<PhoneNumberProps>) {
  const { t, language } = useTexts();
  // the store for its handlers only: no snapshot, so no render on every change of the store
  const { store } = useFunnel();
  const options = useMemo(() => countryOptions(language), [language]);
  const [country, setCountry] = useState<CountryCode>(() => {
    const saved = store.family.phoneCountry;
    // the texts' language last: what a browser without a region in its languages, and the prerendered page, go by
    return isCountry(saved) ? saved : guessCountry([...browserLanguages(), language]);
  });
  const [number, setNumber] = useState(() => (store.family.phone ? storedDisplay(store.family.phone, country) : ''));
  const [error, setError] = useState('');
  const done = useRef(false);
  const inputId = useId();
  const countryName = options.find((o) => o.code === country)?.name ?? country;

  const onNumber = (event: ChangeEvent<HTMLInputElement>): void => {
    const raw = event.target.value;
    setError('');
    // deleting: keep what is left as is, or the formatter would put back the bracket just removed
    if (raw.length < number.length) {
      setNumber(raw);
      return;
    }
    const typed = formatTyping(raw, country);
    setNumber(typed.display);
    if (typed.country) setCountry(typed.country);
  };

  const onCountry = (code: CountryCode): void => {
    setCountry(code);
    setError('');
    if (number && !number.trim().startsWith('+')) setNumber(formatTyping(number.replace(/\D/g, ''), code).display);
  };

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (done.current) return;
    const result = checkPhone(number, country);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    done.current = true;
    store.family.phone = result.e164;
    store.family.phoneCountry = result.country;
    next();
  };

  return (
    <Screen className="phone-number">
      <form className="phone-number__form" noValidate onSubmit={submit}>
        <TitleBlock title={t(props.title)} text={props.text ? t(props.text) : undefined} />
        <Field
          inputId={inputId}
          label={t('family.phone.numberLabel')}
          error={error ? t(error, { country: countryName }) : undefined}
          className="phone-number__field"
          ltr
        >
          <div className="phone-number__row">
            <CountryPicker options={options} value={country} onChange={onCountry} />
            <input
              id={inputId}
              className="fe-field__input phone-number__input"
              type="tel"
              name="tel-national"
              autoComplete="tel-national"
              enterKeyHint="next"
              {...ltrInputProps('tel')}
              value={number}
              {...invalidProps(inputId, Boolean(error))}
              onChange={onNumber}
            />
          </div>
        </Field>
        <div className="phone-number__actions">
          <Button type="submit">{t(props.cta)}</Button>
        </div>
      </form>
    </Screen>
  );
}
