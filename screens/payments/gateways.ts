/**
 * The payment providers this funnel offers, in order of preference: adding one is a module with a
 * GatewayRegistration plus one line here (the composition, screens/funnel.ts, hands the list to the engine). The first available card gateway is used (the sandbox in
 * preview builds, Stripe otherwise); every available alternative method gets a button.
 */
import { braintreePayPalRegistration, sandboxCardRegistration, stripeRegistration, type GatewayRegistration } from '../../engine/payments/gateways.ts';

export const gateways: readonly GatewayRegistration[] = [sandboxCardRegistration, stripeRegistration(), braintreePayPalRegistration];
