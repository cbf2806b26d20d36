import { Fragment, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngine } from '../../engine/react/index.ts';
import type { AlternativeMethod } from '../../engine/payments/index.ts';
import { Button } from '../ui/Button.tsx';

export interface AlternativeMethodsProps {
  preview: boolean;
  busy: boolean;
  /** The visitor approved: pay with this nonce (the Braintree path). */
  onNonce: (nonce: string) => void;
}

/** "Other ways to pay": one button per available method (none in production without Braintree). */
export function AlternativeMethods({ preview, busy, onNonce }: AlternativeMethodsProps) {
  const { t } = useTranslation();
  const id = useId();
  const { gateways } = useEngine();
  const [methods, setMethods] = useState<AlternativeMethod[]>([]);
  useEffect(() => {
    let live = true;
    gateways.alternatives({ preview }).then((list) => live && setMethods(list), () => undefined);
    return () => {
      live = false;
    };
  }, [preview, gateways]);
  if (!methods.length) return null;
  const pay = async (method: AlternativeMethod): Promise<void> => {
    const answer = await method.requestNonce();
    if ('nonce' in answer) onNonce(answer.nonce);
  };
  return (
    <section className="checkout-alternatives" aria-labelledby={`${id}-title`}>
      <h2 className="checkout__heading" id={`${id}-title`}>{t('checkout.alternatives.title')}</h2>
      {methods.map((method) => (
        <Fragment key={method.id}>
          <Button variant="secondary" className="checkout-alternatives__method" disabled={busy} onClick={() => void pay(method)}>
            {t(method.labelKey)}
          </Button>
          <method.Host />
        </Fragment>
      ))}
    </section>
  );
}
