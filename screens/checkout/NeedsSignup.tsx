import { useTexts } from '../../engine/react/index.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';

/**
 * Shown instead of the card form when the visitor has no account yet (no access token): payments
 * are linked to an account. The button ends the step with the outcome "needsSignup", which the flow
 * maps to its signup step.
 */
export function NeedsSignup({ onSignup }: { onSignup: () => void }) {
  const { t } = useTexts();
  return (
    <Screen className="checkout checkout--needs-signup">
      <TitleBlock title={t('checkout.needsSignup.title')} text={t('checkout.needsSignup.text')}>
        <Button onClick={onSignup}>{t('checkout.needsSignup.cta')}</Button>
      </TitleBlock>
    </Screen>
  );
}
