/**
 * The Stripe card gateway (with Apple Pay / Google Pay) as a registration: available when the payment
 * settings carry a publishable key; Stripe.js and Elements load only when the checkout asks.
 */
import type { GatewayRegistration } from '../registry.ts';
import type { StripeLoader } from './stripeLoader.ts';

/** @param loadStripe Stripe.js's loader (injected in tests; '@stripe/stripe-js/pure' otherwise) */
export function stripeRegistration(loadStripe?: StripeLoader): GatewayRegistration {
  return {
    id: 'stripe',
    backendId: 'stripe',
    kind: 'card',
    available: (ctx) => ctx.publishableKey !== '',
    // our part of the form; Stripe.js itself comes from Stripe when the checkout opens
    prefetch: () => import('./stripeGateway.tsx'),
    async load(ctx) {
      const { loadStripeGateway } = await import('./stripeGateway.tsx');
      return loadStripeGateway(ctx.publishableKey, loadStripe);
    },
  };
}
