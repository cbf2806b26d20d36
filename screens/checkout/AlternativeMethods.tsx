import { useEffect, useState } from 'react';
import type { AlternativeMethod } from '../../engine/payments/index.ts';
import type { GatewayContext } from '../../engine/payments/gateways.ts';
import { useEngine, useTexts } from '../../engine/react/index.ts';
import { MethodFailure } from './MethodFailure.tsx';

/**
 * The available alternative methods of the gateway registry (PayPal through Braintree when a client
 * token is known; none otherwise), asked for once per checkout. Held by the checkout, so the buttons
 * keep their place when the card gateway's host arrives around them.
 */
export function useAlternativeMethods(context: () => GatewayContext | Promise<GatewayContext>): AlternativeMethod[] {
  const { gateways } = useEngine();
  const [methods, setMethods] = useState<AlternativeMethod[]>([]);
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
  return methods;
}

export interface AlternativeMethodsProps {
  methods: readonly AlternativeMethod[];
  busy: boolean;
  /** The visitor approved: pay with this nonce through the method's gateway (its backend id). */
  onNonce: (nonce: string, gateway: string) => void;
  /** The visitor closed a method's window. */
  onCancel: (method: string) => void;
  /** The last purchase with one of these methods failed: its text, in the visitor's language. */
  failure?: string;
}

/**
 * One button per alternative method, among the express ways to pay above the card form. A method
 * that fails before a nonce comes shows the spec's "An error has occurred"; a purchase with one that
 * failed shows its text here, beside the button, not beside the card's Pay.
 */
export function AlternativeMethods({ methods, busy, onNonce, onCancel, failure }: AlternativeMethodsProps) {
  const { t } = useTexts();
  const [failed, setFailed] = useState(false);
  if (!methods.length) return null;
  const text = failed ? t('errors.generic') : failure;
  return (
    <section className="checkout-alternatives" aria-label={t('checkout.alternatives.title')}>
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
      {text ? <MethodFailure text={text} testId="alternative-failure" /> : null}
    </section>
  );
}
