/**
 * PayPal through Braintree as a registration: available when a Braintree client token is known (the
 * payment settings' braintree_client_token, or the signup state's clientToken). Without one the button is
 * hidden. Preview builds use the sandbox's PayPal window behind the same button and calls.
 */
import type { GatewayRegistration } from '../registry.ts';

declare const __PREVIEW__: boolean;

/** What the billing agreement is called in PayPal's window. */
const DESCRIPTION = 'Subscription';

export const braintreePayPalRegistration: GatewayRegistration = {
  id: 'braintree-paypal',
  backendId: 'braintree',
  kind: 'alternative',
  available: (ctx) => ctx.clientToken !== '',
  prefetch: (ctx) =>
    Promise.all([__PREVIEW__ && ctx.preview ? import('../sandbox/sandboxPayPal.tsx') : import('./payPalVault.ts'), import('./braintreePayPal.tsx')]),
  async load(ctx) {
    const loader =
      __PREVIEW__ && ctx.preview ? (await import('../sandbox/sandboxPayPal.tsx')).sandboxPayPalVault : (await import('./payPalVault.ts')).braintreeVaultLoader;
    const { createBraintreePayPal } = await import('./braintreePayPal.tsx');
    return createBraintreePayPal(ctx.clientToken, loader, DESCRIPTION);
  },
};
