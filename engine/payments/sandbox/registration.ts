/**
 * The sandbox gateways (preview builds only) as registrations. Every import of sandbox code sits
 * behind `__PREVIEW__ ?` in a dynamic import, so esbuild folds it away in production builds
 * (test/unit/checkout-bundle.test.ts proves the production bundle has none of it).
 */
import type { GatewayRegistration } from '../registry.ts';

declare const __PREVIEW__: boolean;

const notInProduction = (): Promise<never> => Promise.reject(new Error('The sandbox exists only in preview builds'));

type SandboxModule = typeof import('./sandboxGateway.tsx');
/** The sandbox's code once downloaded (a prefetch, or a checkout before): the next checkout gets its gateway at once. */
let downloaded: SandboxModule | undefined;
const download = (): Promise<SandboxModule> => (__PREVIEW__ ? import('./sandboxGateway.tsx').then((m) => (downloaded = m)) : notInProduction());

/** Stripe's test cards against the sandbox server, with the sandbox wallet above the form. */
export const sandboxCardRegistration: GatewayRegistration = {
  id: 'sandbox',
  backendId: 'stripe',
  kind: 'card',
  available: (ctx) => __PREVIEW__ && ctx.preview,
  prefetch: download,
  load: (ctx) => download().then((m) => m.createSandboxGateway(ctx)),
  // its form talks to the sandbox server only when the visitor pays: nothing to wait for once downloaded
  loaded: (ctx) => downloaded?.createSandboxGateway(ctx),
};
