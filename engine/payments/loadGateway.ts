/**
 * Chooses and loads the card gateway and the alternative payment methods. The sandbox gateway is
 * reachable only through `if (__PREVIEW__ ...)` with a dynamic import, so esbuild drops it from
 * production builds entirely (test/unit/checkout-bundle.test.ts proves it). Loading is bounded: a
 * gateway that does not come within 10 s (Stripe.js blocked or offline) is a GatewayLoadError, and
 * the checkout shows a clear message with a retry and the alternative methods instead of a dead form.
 */
import type { AlternativeMethod, PaymentGateway } from './port.ts';
import type { StripeLoader } from './stripe/stripeLoader.ts';

declare const __PREVIEW__: boolean;

export const GATEWAY_LOAD_TIMEOUT_MS = 10_000;

/** The card gateway could not be loaded (blocked, offline, no key, too slow). */
export class GatewayLoadError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'GatewayLoadError';
  }
}

/** Rejects with GatewayLoadError when `promise` does not settle within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new GatewayLoadError(`The card form did not load within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof GatewayLoadError ? error : new GatewayLoadError('The card form could not be loaded', error));
      },
    );
  });
}

export interface GatewayOptions {
  /** The publishable key from the payment settings (store.signup.stripePublishKey). */
  publishableKey: string;
  /** config.preview: true only in preview builds. */
  preview: boolean;
  /** The visitor's language (amounts in the sandbox challenge). */
  language: () => string;
  /** Stripe.js's loader (injected in tests). */
  loadStripe?: StripeLoader;
  timeoutMs?: number;
}

async function loadUnbounded(options: GatewayOptions): Promise<PaymentGateway> {
  if (__PREVIEW__ && options.preview) {
    const { createSandboxGateway } = await import('./sandbox/sandboxGateway.tsx');
    return createSandboxGateway(options);
  }
  if (!options.publishableKey) throw new GatewayLoadError('No publishable key in the payment settings');
  const { loadStripeGateway } = await import('./stripe/stripeGateway.tsx');
  return loadStripeGateway(options.publishableKey, options.loadStripe);
}

/**
 * The card gateway for this build, within 10 s or a GatewayLoadError.
 * @example const gateway = await loadCardGateway({ publishableKey, preview: config.preview, language: () => i18n.language })
 */
export function loadCardGateway(options: GatewayOptions): Promise<PaymentGateway> {
  return withTimeout(loadUnbounded(options), options.timeoutMs ?? GATEWAY_LOAD_TIMEOUT_MS);
}

/**
 * The alternative payment methods. Preview builds offer the sandbox PayPal (Braintree test nonces).
 * Production offers none: a real Braintree method needs Braintree's client SDK and a client token,
 * and the payment settings (spec section 7, call 2) carry no token; no fake method is shown.
 */
export async function loadAlternatives(options: Pick<GatewayOptions, 'preview'>): Promise<AlternativeMethod[]> {
  if (__PREVIEW__ && options.preview) {
    const { createSandboxPayPal } = await import('./sandbox/sandboxPayPal.tsx');
    return [createSandboxPayPal()];
  }
  return [];
}
