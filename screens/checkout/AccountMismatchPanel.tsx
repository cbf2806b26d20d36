import { useTexts } from '../../engine/react/index.ts';
import type { AccountMismatch } from '../../engine/payments/index.ts';
import { Button } from '../ui/Button.tsx';
import { Screen } from '../ui/Screen.tsx';
import { TitleBlock } from '../ui/TitleBlock.tsx';

/**
 * Shown instead of the checkout when this tab is signed in as another account than the one signed up
 * last in another tab: the visitor sees which account a payment here is charged to before paying.
 */
export function AccountMismatchPanel({ mismatch, onPayHere }: { mismatch: AccountMismatch; onPayHere: () => void }) {
  const { t } = useTexts();
  const names = { thisTab: mismatch.thisTab, stored: mismatch.stored, interpolation: { escapeValue: false } };
  return (
    <Screen className="checkout checkout--account-mismatch">
      <TitleBlock title={t('checkout.account.mismatchTitle')} text={t('checkout.account.mismatchText', names)}>
        <Button onClick={onPayHere}>{t('checkout.account.payHere', names)}</Button>
      </TitleBlock>
    </Screen>
  );
}
