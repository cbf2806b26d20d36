/**
 * The payment gateways' registrations and the backend port, public API: light enough for the
 * composition that every page loads (each registration only names its provider and loads it with a
 * dynamic import when the checkout asks; a lazy backend loads its adapter on the first call). The
 * payments engine itself is engine/payments/index.ts, loaded with the checkout.
 * Each export keeps its JSDoc at its definition.
 */
/** Gateways as registrations: the registry over the product's list, its context, the load time limit and its error. */
export { GATEWAY_LOAD_TIMEOUT_MS, GatewayLoadError, createGatewayRegistry, gatewayContextOf, withTimeout } from './registry.ts';
/** Types of the same module. */
export type { GatewayContext, GatewayRegistration, GatewayRegistry } from './registry.ts';
/** PayPal through Braintree: available when a Braintree client token is known. */
export { braintreePayPalRegistration } from './braintree/registration.ts';
/** The sandbox card gateway and wallet, in preview builds only. */
export { sandboxCardRegistration } from './sandbox/registration.ts';
/** Stripe's card form with Apple Pay / Google Pay: available when the payment settings carry a publishable key. */
export { stripeRegistration } from './stripe/registration.ts';
/** The backend port: every call the engine makes to the product's backend, in the engine's own terms; a lazy backend loads the product's adapter on the first call. */
export { lazyBackend } from './backend.ts';
/** Types of the same module. */
export type { BackendContext, FunnelBackend } from './backend.ts';
