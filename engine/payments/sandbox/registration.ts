/**
 * The sandbox gateways (preview builds only) as registrations. Every import of sandbox code sits
 * behind `__PREVIEW__ ?` in a dynamic import, so esbuild folds it away in production builds
 * (test/unit/checkout-bundle.test.ts proves the production bundle has none of it).
 */
import type { GatewayRegistration } from '../registry.ts';

declare const __PREVIEW__: boolean;

const notInProduction = (): Promise<never> => Promise.reject(new Error('The sandbox exists only in preview builds'));

/** Stripe's test cards against the sandbox server, with the sandbox wallet above the form. */
export const sandboxCardRegistration: GatewayRegistration = {
  id: 'sandbox',
  backendId: 'stripe',
  kind: 'card',
  available: (ctx) => __PREVIEW__ && ctx.preview,
  prefetch: () => (__PREVIEW__ ? import('./sandboxGateway.tsx') : notInProduction()),
  load: (ctx) => (__PREVIEW__ ? import('./sandboxGateway.tsx').then((m) => m.createSandboxGateway(ctx)) : notInProduction()),
};
