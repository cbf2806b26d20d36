/**
 * Gateways are registrations, not branches: each provider is a `GatewayRegistration` (an id, whether
 * this build and configuration can use it, a lazy `load()`), and the product lists them in one place
 * (screens/payments/gateways.ts). The checkout asks the registry for the card gateway and the
 * alternative methods to show. Loading is bounded: a gateway that does not come within 10 s (its
 * script blocked or offline) is a GatewayLoadError, and the checkout shows a clear message with a
 * retry and the alternative methods instead of a dead form.
 */
import type { AlternativeMethod, Loaded, PaymentGateway } from './port.ts';
import type { FunnelState } from '../core/store.ts';

export const GATEWAY_LOAD_TIMEOUT_MS = 10_000;

/** The card gateway could not be loaded (blocked, offline, no key, too slow). */
export class GatewayLoadError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
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

/** What a registration may look at to decide whether it is available, and what it loads with. */
export interface GatewayContext {
  /** config.preview: true only in preview builds. */
  preview: boolean;
  /** The card provider's publishable key from the payment settings (store.signup.publishableKey). */
  publishableKey: string;
  /** The alternative provider's client token from the payment settings or signup state (store.signup.clientToken). */
  clientToken: string;
  /** The visitor's language (amounts in dialogs). */
  language: () => string;
}

/** What every registration declares. */
interface RegistrationBase {
  /** The registration's own id ('stripe', 'sandbox', 'braintree-paypal'). */
  id: string;
  /**
   * The gateway id the backend gets with a subscription paid this way (e.g. 'stripe'): the sandbox
   * card stands in for Stripe, so it declares 'stripe' too.
   */
  backendId: string;
  available(ctx: GatewayContext): boolean;
  /**
   * Downloads what `load()` will need (the provider's code in this build), while the visitor is still on
   * an earlier step: no form, no call to the provider's servers and nothing shown. Unset: nothing to fetch.
   */
  prefetch?(ctx: GatewayContext): Promise<unknown>;
}

/** A provider the checkout can use: the card form (with its wallet) or an alternative method. */
export type GatewayRegistration =
  | (RegistrationBase & {
      kind: 'card';
      load(ctx: GatewayContext): Promise<Loaded<PaymentGateway>>;
      /**
       * The gateway at once, when what `load()` needs is already here and loading it calls no provider
       * (the sandbox once prefetched): the checkout then shows its form in its first render. Unset, or
       * undefined: the checkout loads it.
       */
      loaded?(ctx: GatewayContext): Loaded<PaymentGateway> | undefined;
    })
  | (RegistrationBase & { kind: 'alternative'; load(ctx: GatewayContext): Promise<Loaded<AlternativeMethod>> });

type CardRegistration = Extract<GatewayRegistration, { kind: 'card' }>;

export interface GatewayRegistry {
  /** The first available card gateway, within the time limit, or a GatewayLoadError. */
  cardGateway(ctx: GatewayContext, timeoutMs?: number): Promise<PaymentGateway>;
  /** The card gateway without waiting, when its registration has it at hand (`loaded`); else undefined. */
  readyCardGateway(ctx: GatewayContext): PaymentGateway | undefined;
  /** Every available alternative method that loads (one that fails to load is left out). */
  alternatives(ctx: GatewayContext): Promise<AlternativeMethod[]>;
  /** Starts downloading what the card gateway and the alternative methods `ctx` allows will load (a failure is left to the checkout). */
  prefetch(ctx: GatewayContext): void;
  /**
   * The backend id a card purchase is sent with, from the card registration the checkout uses (the
   * first available one; else the first card registration, since a purchase under way was started
   * when one was): without loading it, for resuming a purchase when the gateway cannot load.
   * Undefined when the product registers no card gateway.
   */
  cardBackendId(ctx: GatewayContext): string | undefined;
}

/** The gateway context of an engine's build and stored payment settings. */
export function gatewayContextOf(engine: { config: { preview: boolean }; store: FunnelState }, language: () => string): GatewayContext {
  return { preview: engine.config.preview, publishableKey: engine.store.signup.publishableKey, clientToken: engine.store.signup.clientToken, language };
}

/**
 * A registry over the product's list; the first available card registration wins.
 * @example const registry = createGatewayRegistry([sandboxCard, stripeCard]); const gateway = await registry.cardGateway(ctx);
 */
export function createGatewayRegistry(registrations: readonly GatewayRegistration[]): GatewayRegistry {
  const cards = registrations.filter((r): r is CardRegistration => r.kind === 'card');
  /** The card registration the checkout uses: the first available one. */
  const cardFor = (ctx: GatewayContext): CardRegistration | undefined => cards.find((r) => r.available(ctx));
  return {
    cardGateway(ctx, timeoutMs = GATEWAY_LOAD_TIMEOUT_MS) {
      const card = cardFor(ctx);
      if (!card) return Promise.reject(new GatewayLoadError('No card gateway is available (no publishable key in the payment settings)'));
      const loading = card.load(ctx).then((gateway): PaymentGateway => ({ ...gateway, backendId: card.backendId }));
      return withTimeout(loading, timeoutMs);
    },
    readyCardGateway(ctx) {
      const card = cardFor(ctx);
      const gateway = card?.loaded?.(ctx);
      return card && gateway ? { ...gateway, backendId: card.backendId } : undefined;
    },
    async alternatives(ctx) {
      const chosen = registrations.filter((r) => r.kind === 'alternative' && r.available(ctx));
      const loaded = await Promise.allSettled(
        chosen.map((r) => (r.load(ctx) as Promise<Loaded<AlternativeMethod>>).then((method): AlternativeMethod => ({ ...method, backendId: r.backendId }))),
      );
      return loaded.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    },
    prefetch(ctx) {
      const card = cardFor(ctx);
      const alternatives = registrations.filter((r) => r.kind === 'alternative' && r.available(ctx));
      for (const registration of [card, ...alternatives]) void registration?.prefetch?.(ctx).catch(() => {});
    },
    cardBackendId(ctx) {
      return (cardFor(ctx) ?? cards[0])?.backendId;
    },
  };
}
