import { useEffect, useId, useState } from 'react';
import type { AlternativeMethod } from '../../engine/payments/index.ts';
import type { GatewayContext } from '../../engine/payments/gateways.ts';
import { useEngine, useTexts } from '../../engine/react/index.ts';

export interface AlternativeMethodsProps {
  /** What the registrations decide on, once the payment settings are known; read once per checkout. */
  context: () => GatewayContext | Promise<GatewayContext>;
  busy: boolean;
  /** The visitor approved: pay with this nonce through the method's gateway (its backend id). */
  onNonce: (nonce: string, gateway: string) => void;
  /** The visitor closed a method's window. */
  onCancel: (method: string) => void;
}

/**
 * "Other ways to pay": one button per available method of the gateway registry (PayPal through
 * Braintree when a client token is known; none otherwise). A method that fails before a nonce comes
 * shows the spec's "An error has occurred".
 */
export function AlternativeMethods({ context, busy, onNonce, onCancel }: AlternativeMethodsProps) {
  const { t } = useTexts();
  const id = useId();
  const { gateways } = useEngine();
  const [methods, setMethods] = useState<AlternativeMethod[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.resolve(context())
      .then((ctx) => gateways.alternatives(ctx))
      .then(
        (list) => live && setMethods(list),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per checkout
  if (!methods.length) return null;
  return (
    <section className="checkout-alternatives" aria-labelledby={`${id}-title`}>
      <h2 className="checkout__heading" id={`${id}-title`}>
        {t('checkout.alternatives.title')}
      </h2>
      {methods.map((method) => (
        <method.Button
          key={method.id}
          disabled={busy}
          onNonce={(nonce) => {
            setFailed(false);
            onNonce(nonce, method.backendId);
          }}
          onCancel={() => onCancel(method.id)}
          onError={() => setFailed(true)}
        />
      ))}
      {failed ? (
        <p className="checkout-card__failure" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}
    </section>
  );
}
