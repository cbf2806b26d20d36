import { Fragment, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlternativeMethod } from '../../engine/payments/port.ts';
import type { GatewayContext } from '../../engine/payments/registry.ts';
import { gatewayRegistry } from '../payments/gateways.ts';
import { Button } from '../ui/Button.tsx';

export interface AlternativeMethodsProps {
  /** What the registrations decide on; read once per checkout. */
  context: () => GatewayContext;
  busy: boolean;
  /** The visitor approved: pay with this nonce (the Braintree path). */
  onNonce: (nonce: string) => void;
}

/** "Other ways to pay": one button per available method of the gateway registry. */
export function AlternativeMethods({ context, busy, onNonce }: AlternativeMethodsProps) {
  const { t } = useTranslation();
  const id = useId();
  const [methods, setMethods] = useState<AlternativeMethod[]>([]);
  useEffect(() => {
    let live = true;
    gatewayRegistry.alternatives(context()).then((list) => live && setMethods(list), () => undefined);
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per checkout
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
