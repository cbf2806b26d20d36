import { useId, useRef, useState, type FormEvent } from 'react';
import type { SignupEmailProps } from '../types/flow.gen.ts';
import type { ScreenProps } from '../types/screens.gen.ts';
import { useFunnel } from '../product/hooks.ts';
import { type ScreenPrefetch, useTexts, whenIdle } from '../../engine/react/index.ts';
import { checkEmail, type EmailProblem } from '../../engine/index.ts';
import { httpClientsFor, submitSignup } from '../product/signup.ts';
import { Button } from '../ui/Button.tsx';
import { Field, invalidProps, ltrInputProps } from '../ui/Field.tsx';
import { RichText } from '../ui/RichText.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';
import { CarouselDots } from '../feature-intro/CarouselDots.tsx';
import { prefetchArt } from '../ui/art/prefetchArt.ts';

/** What each refusal says: invisible characters and look-alike letters are named, not just "looks wrong". */
const EMAIL_PROBLEM_TEXT: Record<EmailProblem, string> = {
  invisible: 'signup.emailInvisible',
  lookalike: 'signup.emailLookalike',
  format: 'signup.emailError',
};

/**
 * Its illustration downloads while the visitor reads the step before, and the HTTP clients are set up
 * then (a long task on a slow phone): the tap on the button sends the signup at once. The address
 * check runs once then too: V8 compiles its Unicode patterns at their first use, a few milliseconds
 * on a slow phone that the tap (the field's blur, then the submit) would otherwise spend.
 */
export const prefetch: ScreenPrefetch<SignupEmailProps> = (_props, engine) => {
  prefetchArt('family');
  httpClientsFor(engine.store);
  checkEmail('anna@example.com');
};

/** Its render changes nothing, so the engine may lay it out ahead while the step before is read. */
export const warmable = true;

/**
 * E-mail signup: the address is checked here before any call, then submitSignup (engine/core) creates
 * the account with the loader on; on success the funnel moves on, on failure the error banner shows
 * why and the typed address stays. The button is disabled while a submit runs.
 */
export default function SignupEmailScreen({ props, next }: ScreenProps<SignupEmailProps>) {
  const { t } = useTexts();
  const { store, analytics, prepareNext } = useFunnel();
  const [email, setEmail] = useState(() => store.signup.email);
  const [problem, setProblem] = useState<EmailProblem | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (busy) return;
    const checked = checkEmail(email);
    if (!checked.ok) {
      store.signup.isValid = false;
      setProblem(checked.problem);
      analytics.track('signup_email_invalid', { problem: checked.problem });
      input.current?.focus();
      return;
    }
    setBusy(true);
    // the next step renders out of sight while the account is created: the answer then only shows it
    const release = prepareNext();
    let moved = false;
    try {
      // the request leaves within this tap (its client was set up while the step before was read, see prefetch); the busy button paints while it travels.
      // The payment settings' request waits until the next step is painted and the page is idle: built in the answer's task, it would hold that paint back
      const startSettings = (start: () => void): void => void whenIdle(start);
      if ((await submitSignup({ store, analytics, startSettings }, { email })) === 'success') {
        next();
        moved = true;
      }
    } finally {
      if (!moved) release();
      setBusy(false);
    }
  };

  return (
    <Screen className="signup-email" art="family">
      {props.carouselEnd ? <CarouselDots /> : null}
      <TitleBlock title={t(props.title)} text={props.text ? t(props.text) : undefined} />
      <form className="signup-email__form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field inputId={`${id}-email`} label={t('signup.emailLabel')} error={problem ? t(EMAIL_PROBLEM_TEXT[problem]) : undefined} ltr>
          <input
            ref={input}
            id={`${id}-email`}
            className="fe-field__input"
            type="email"
            name="email"
            // an address reads left to right on a right-to-left page too: never reordered around "@" or "."
            {...ltrInputProps('email')}
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('signup.emailPlaceholder')}
            value={email}
            {...invalidProps(`${id}-email`, problem !== undefined)}
            onChange={(e) => {
              setEmail(e.target.value);
              // once the message shows, it goes away as soon as the address looks right
              if (problem && checkEmail(e.target.value).ok) setProblem(undefined);
            }}
            onBlur={() => {
              const checked = checkEmail(email);
              setProblem(email.trim() !== '' && !checked.ok ? checked.problem : undefined);
            }}
          />
        </Field>
        <p className="signup-email__consent">
          <RichText
            text={t('signup.consent')}
            components={{
              terms: <a href={props.termsUrl} target="_blank" rel="noopener noreferrer" />,
              privacy: <a href={props.privacyUrl} target="_blank" rel="noopener noreferrer" />,
            }}
          />
        </p>
        <div className="signup-email__actions">
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {t(props.cta)}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
