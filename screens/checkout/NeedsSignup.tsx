import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useEngine } from '../../engine/react/context.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';

/**
 * Shown instead of the card form when the visitor has no account yet (no access token): payments
 * are linked to an account. The button leads to the step the flow names in `signupStep`.
 */
export function NeedsSignup({ signupStep }: { signupStep?: string }) {
  const { t } = useTranslation();
  const { steps } = useEngine();
  const navigate = useNavigate();
  const path = signupStep ? steps.get(signupStep)?.step.path : undefined;
  return (
    <Screen className="checkout checkout--needs-signup">
      <TitleBlock title={t('checkout.needsSignup.title')} text={t('checkout.needsSignup.text')}>
        {path ? <Button onClick={() => navigate(path)}>{t('checkout.needsSignup.cta')}</Button> : null}
      </TitleBlock>
    </Screen>
  );
}
