/**
 * The payment gateways' registrations, public API: light enough for the composition that every page
 * loads (each registration only names its provider and loads it with a dynamic import when the
 * checkout asks). The payments engine itself is engine/payments/index.ts, loaded with the checkout.
 * Each export keeps its JSDoc at its definition.
 */
/** Gateways as registrations: the registry over the product's list, its context, the load time limit and its error. */
export { GATEWAY_LOAD_TIMEOUT_MS, GatewayLoadError, createGatewayRegistry, withTimeout } from './registry.ts';
/** Types of the same module. */
export type { GatewayContext, GatewayRegistration, GatewayRegistry } from './registry.ts';
/** PayPal through Braintree: available when a Braintree client token is known. */
export { braintreePayPalRegistration } from './braintree/registration.ts';
/** The sandbox card gateway and wallet, in preview builds only. */
export { sandboxCardRegistration } from './sandbox/registration.ts';
/** Stripe's card form with Apple Pay / Google Pay: available when the payment settings carry a publishable key. */
export { stripeRegistration } from './stripe/registration.ts';
