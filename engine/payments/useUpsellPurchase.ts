import { useEffect, useRef, useState } from 'react';
import { useEngine } from '../react/context.ts';
import { catalogueIn, visitorCurrency } from '../core/currency.ts';
import { purchaseWithBraintree } from './braintreePurchase.ts';
import { purchase, randomEventId, type PurchaseOutcome } from './checkoutMachine.ts';
import { isOpenFailure } from './failures.ts';
import type { AlternativeMethod, PaymentGateway } from './port.ts';
import type { PaidWith } from './receipt.ts';
import { clearUpsellAttempt, readUpsellAttempt, writeUpsellAttempt, type UpsellAttempt } from './upsellAttempt.ts';
import { usePurchaseRunner, type PurchaseRunner } from './usePurchaseRunner.ts';

/** What charges the add-on: the card gateway (the card or wallet just used) or the PayPal method (its vaulted account). */
type Charger = { method: 'card'; gateway: PaymentGateway } | { method: 'paypal'; paypal: AlternativeMethod };

export interface UpsellPurchase {
  runner: PurchaseRunner;
  /** The card gateway when the add-on goes on the card (its Host must be mounted for a 3-D Secure step). */
  gateway: PaymentGateway | undefined;
  /** The way to pay is loaded: the accept button may be used. */
  ready: boolean;
  /** Buys the add-on once: an attempt under way (after a reload, or open after a lost connection) is continued, never doubled. */
  buy: () => Promise<void>;
}

/**
 * The upsell's purchase with the method the plan was just paid with: the card or wallet (its
 * payment method) or PayPal (the billing agreement the backend vaulted, charged again with a fresh
 * nonce from the provider's vault, no second PayPal window). The attempt is stored before its call
 * (./upsellAttempt.ts) and followed to its result after a reload.
 * @param subscriptionId the plan's subscription (store.checkout.id)
 * @param onBought called once the add-on is paid
 * @param extra the product's extra fields of the subscription call (the landing type, the attribution), read when it is sent
 */
export function useUpsellPurchase(paidWith: PaidWith, subscriptionId: string, onBought: () => void, extra: () => Record<string, unknown>): UpsellPurchase {
  const { store, analytics, data, gateways } = useEngine();
  const runner = usePurchaseRunner();
  const product = catalogueIn(data.plans, visitorCurrency(store.plans)).upsell;
  const [charger, setCharger] = useState<Charger | null>(null);
  const method = paidWith === 'paypal' ? 'paypal' : 'card';

  useEffect(() => {
    let live = true;
    const loading: Promise<Charger> =
      method === 'paypal'
        ? gateways.alternatives(runner.gatewayContext()).then((list) => {
            const paypal = list.find((m) => m.id === 'paypal' && m.vaultedNonce);
            if (!paypal) throw new Error('PayPal is not available');
            return { method, paypal };
          })
        : runner.loadGateway().then((gateway) => ({ method, gateway }));
    // a way to pay that does not load leaves the accept button disabled; the decline still works
    loading.then((c) => live && setCharger(c)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per offer

  /** The stored attempt, or a new one stored before its call (PayPal: with a fresh vaulted nonce). */
  const attemptFor = async (c: Charger): Promise<UpsellAttempt | PurchaseOutcome> => {
    const open = readUpsellAttempt(subscriptionId);
    if (open?.method === c.method) return open;
    let nonce = '';
    if (c.method === 'paypal') {
      try {
        nonce = (await c.paypal.vaultedNonce!()) ?? '';
      } catch {
        return { status: 'failed', failure: { kind: 'network', textKey: 'checkout.errors.network' } };
      }
      if (!nonce) return { status: 'failed', failure: { kind: 'refused', textKey: 'errors.generic' } };
    }
    const attempt: UpsellAttempt = { subscriptionId, method: c.method, idempotencyKey: randomEventId(), fbEventId: randomEventId(), nonce };
    writeUpsellAttempt(attempt);
    return attempt;
  };

  const charge = async (c: Charger): Promise<PurchaseOutcome> => {
    const attempt = await attemptFor(c);
    if ('status' in attempt) return attempt;
    const deps = { api: runner.api, store, analytics, signal: runner.signal() };
    const fields = extra();
    const ids = { idempotencyKey: attempt.idempotencyKey, fbEventId: attempt.fbEventId };
    const outcome =
      c.method === 'paypal'
        ? await purchaseWithBraintree(deps, {
            plan: product.name,
            gateway: c.paypal.backendId,
            nonce: attempt.nonce,
            price: product.price,
            upsell: true,
            attempt: ids,
            extra: fields,
          })
        : await purchase({ ...deps, gateway: c.gateway }, { plan: product.name, upsell: true, attempt: ids, extra: fields });
    if (outcome.status === 'succeeded') onBought();
    // the result is known: the next attempt is a new one (an open outcome keeps this one for the retry)
    if (outcome.status === 'succeeded' || outcome.status === 'silent' || (outcome.status === 'failed' && !isOpenFailure(outcome.failure))) clearUpsellAttempt();
    return outcome;
  };

  // 'busy' when another purchase held the store: not resumed again by itself (no loop of refusals)
  const last = useRef<PurchaseOutcome['status'] | undefined>(undefined);
  const buy = async (): Promise<void> => {
    if (charger) last.current = (await runner.run(() => charge(charger))).status;
  };

  // an attempt under way when the offer opened (a reload during the purchase) is followed to its result
  const resumable = charger !== null && readUpsellAttempt(subscriptionId)?.method === method && !runner.busy && runner.failure === null;
  useEffect(() => {
    if (resumable && last.current !== 'busy') void buy();
  }, [resumable]); // eslint-disable-line react-hooks/exhaustive-deps -- one resume per chance

  return { runner, gateway: charger?.method === 'card' ? charger.gateway : undefined, ready: charger !== null, buy };
}
