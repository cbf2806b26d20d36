/**
 * The payment providers this funnel offers, in order of preference: adding one is a module with a
 * GatewayRegistration plus one line here. The first available card gateway is used (the sandbox in
 * preview builds, Stripe otherwise); every available alternative method gets a button.
 */
import { createGatewayRegistry, type GatewayRegistration } from '../../engine/payments/registry.ts';
import { braintreePayPalRegistration } from '../../engine/payments/braintree/registration.ts';
import { sandboxCardRegistration } from '../../engine/payments/sandbox/registration.ts';
import { stripeRegistration } from '../../engine/payments/stripe/registration.ts';

export const gateways: readonly GatewayRegistration[] = [sandboxCardRegistration, stripeRegistration(), braintreePayPalRegistration];

export const gatewayRegistry = createGatewayRegistry(gateways);
