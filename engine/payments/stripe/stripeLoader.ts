/** How Stripe.js is loaded: `loadStripe` from '@stripe/stripe-js/pure' (injected in tests). */
import type { Stripe } from '@stripe/stripe-js';

export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;
