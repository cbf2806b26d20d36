import { useTexts } from '../../engine/react/index.ts';
import { LockIcon, ShieldIcon } from '../ui/TrustIcons.tsx';

/** The marks under Pay: a lock for the secure payment and, when the variant offers it, the money-back shield with its sentence. */
export function TrustMarks({ guarantee }: { guarantee?: string }) {
  const { t } = useTexts();
  return (
    <ul className="checkout-trust" data-testid="checkout-trust">
      <li className="checkout-trust__mark">
        <LockIcon size={16} />
        {t('checkout.trust.secure')}
      </li>
      {guarantee ? (
        <li className="checkout-trust__mark">
          <ShieldIcon size={16} tint={0.25} />
          {guarantee}
        </li>
      ) : null}
    </ul>
  );
}
