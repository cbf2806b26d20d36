/**
 * The Stripe PaymentGateway: Stripe.js from '@stripe/stripe-js/pure' (the script is injected only
 * when the checkout asks for it, never on other routes) and Elements from '@stripe/react-stripe-js'.
 * Card data stays inside Stripe's iframes; our code only ever sees payment method and intent ids.
 */
import { useEffect, type ReactNode } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements, StripeError } from '@stripe/stripe-js';
import { CardNumberElement, Elements, useElements } from '@stripe/react-stripe-js';
import type { GatewayError, Loaded, PaymentGateway } from '../port.ts';
import { StripeCardForm } from './StripeCardForm.tsx';
import { createStripeWallet } from './stripeWallet.tsx';
import type { StripeLoader } from './stripeLoader.ts';

/** Stripe's error as the port's. */
export function gatewayErrorOf(error: StripeError): GatewayError {
  return { message: error.message ?? 'Your card could not be used.', code: error.code, declineCode: error.decline_code };
}

/** A gateway over a loaded Stripe instance. */
export function createStripeGateway(stripe: Stripe): Loaded<PaymentGateway> {
  let elements: StripeElements | null = null;

  /** Hands the Elements instance to the gateway's calls while the form is mounted. */
  function Binder() {
    const current = useElements();
    useEffect(() => {
      elements = current;
      return () => {
        if (elements === current) elements = null;
      };
    }, [current]);
    return null;
  }

  function Host({ children }: { children: ReactNode }) {
    return (
      <Elements stripe={stripe} options={{ locale: 'auto' }}>
        <Binder />
        {children}
      </Elements>
    );
  }

  return {
    id: 'stripe',
    Host,
    CardForm: StripeCardForm,
    wallet: createStripeWallet(stripe),
    async createPaymentMethod({ billingName }) {
      const card = elements?.getElement(CardNumberElement);
      if (!card) return { error: { message: 'Your card number is incomplete.', code: 'incomplete_number' } };
      const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: billingName } });
      if (result.error) return { error: gatewayErrorOf(result.error) };
      return { id: result.paymentMethod.id, country: result.paymentMethod.card?.country ?? undefined };
    },
    async confirmPayment(clientSecret, paymentMethodId) {
      // Stripe's 3-D Secure step for the payment intent the portal created
      const result = await stripe.confirmCardPayment(clientSecret, paymentMethodId ? { payment_method: paymentMethodId } : undefined);
      if (result.error) return { error: gatewayErrorOf(result.error) };
      return { payment: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
    },
  };
}

/** Loads Stripe.js with the publishable key; rejects when it is blocked, offline or refused. */
export async function loadStripeGateway(publishableKey: string, load: StripeLoader = loadStripe): Promise<Loaded<PaymentGateway>> {
  const stripe = await load(publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available in this environment');
  return createStripeGateway(stripe);
}
