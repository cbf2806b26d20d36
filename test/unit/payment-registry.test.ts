import { describe, expect, it, vi } from 'vitest';
import type { AlternativeMethod, PaymentGateway } from '../../engine/payments/index.ts';
import { createGatewayRegistry, GatewayLoadError, type GatewayContext, type GatewayRegistration } from '../../engine/payments/gateways.ts';
import { braintreePayPalRegistration } from '../../engine/payments/braintree/registration.ts';
import { sandboxCardRegistration } from '../../engine/payments/sandbox/registration.ts';
import { stripeRegistration } from '../../engine/payments/stripe/registration.ts';
import { gateways } from '../../screens/payments/gateways.ts';
import { purchase, purchaseWithBraintree } from '../../engine/payments/index.ts';
import { funnel, paid, scriptedApi, scriptedGateway, virtualClock } from './checkout-fakes.ts';

const ctx = (over: Partial<GatewayContext> = {}): GatewayContext => ({ preview: false, publishableKey: '', clientToken: '', language: () => 'en', ...over });
const fakeGateway = (id: string) => ({ id }) as unknown as PaymentGateway;
const card = (id: string, available: boolean): GatewayRegistration => ({
  id,
  backendId: id,
  kind: 'card',
  available: () => available,
  load: vi.fn(async () => fakeGateway(id)),
});
/** A card registration that has its gateway at hand (or not: `loaded` answers undefined). */
const withLoaded = (registration: GatewayRegistration, loaded: () => PaymentGateway | undefined): GatewayRegistration =>
  ({ ...registration, loaded }) as GatewayRegistration;
const alternative = (id: string, load: () => Promise<AlternativeMethod>): GatewayRegistration => ({
  id,
  backendId: id,
  kind: 'alternative',
  available: () => true,
  load,
});

describe('the gateway registry', () => {
  it('loads the first available card registration and only that one', async () => {
    const first = card('a', false);
    const second = card('b', true);
    const third = card('c', true);
    const gateway = await createGatewayRegistry([first, second, third]).cardGateway(ctx());
    expect(gateway.id).toBe('b');
    expect(first.load).not.toHaveBeenCalled();
    expect(third.load).not.toHaveBeenCalled();
  });

  it('is a GatewayLoadError when no card gateway is available or one fails to load', async () => {
    await expect(createGatewayRegistry([card('a', false)]).cardGateway(ctx())).rejects.toBeInstanceOf(GatewayLoadError);
    const broken: GatewayRegistration = { id: 'x', backendId: 'x', kind: 'card', available: () => true, load: () => Promise.reject(new Error('blocked')) };
    await expect(createGatewayRegistry([broken]).cardGateway(ctx())).rejects.toMatchObject({ name: 'GatewayLoadError', cause: new Error('blocked') });
  });

  it('names the backend id of the card registration a purchase is paid through, without loading it', () => {
    const first = card('a', false);
    const second = card('b', true);
    const registry = createGatewayRegistry([alternative('paypal', async () => ({ id: 'paypal' }) as AlternativeMethod), first, second]);
    expect(registry.cardBackendId(ctx())).toBe('b');
    expect(second.load).not.toHaveBeenCalled();
    // none available now (no publishable key yet): the first card registration, the one a purchase under way was started with
    expect(createGatewayRegistry([card('a', false), card('c', false)]).cardBackendId(ctx())).toBe('a');
    expect(createGatewayRegistry([alternative('paypal', async () => ({ id: 'paypal' }) as AlternativeMethod)]).cardBackendId(ctx())).toBeUndefined();
  });

  it('lists the alternative methods that load and leaves out one that fails', async () => {
    const paypal = { id: 'paypal' } as AlternativeMethod;
    const list = await createGatewayRegistry([
      card('a', true),
      alternative('paypal', async () => paypal),
      alternative('broken', () => Promise.reject(new Error('offline'))),
    ]).alternatives(ctx());
    expect(list).toEqual([{ ...paypal, backendId: 'paypal' }]);
  });
});

describe('prefetching the ways to pay while the visitor reads the step before the checkout', () => {
  it('starts the prefetch of the card registration that would load and of every available alternative, and loads none', async () => {
    const prefetched: string[] = [];
    const prefetching = (registration: GatewayRegistration, fails = false): GatewayRegistration => ({
      ...registration,
      prefetch: vi.fn(async () => {
        prefetched.push(registration.id);
        if (fails) throw new Error('offline');
      }),
    });
    const unavailable = prefetching(card('a', false));
    const chosen = prefetching(card('b', true));
    const later = prefetching(card('c', true));
    const paypal = prefetching(
      alternative('paypal', async () => ({}) as AlternativeMethod),
      true,
    );
    const hidden = { ...prefetching(alternative('hidden', async () => ({}) as AlternativeMethod)), available: () => false };
    createGatewayRegistry([unavailable, chosen, later, paypal, hidden]).prefetch(ctx());
    await Promise.resolve();
    expect(prefetched).toEqual(['b', 'paypal']); // a failed prefetch is left to the checkout: no unhandled rejection
    expect(chosen.load).not.toHaveBeenCalled();
  });

  it('hands over the card gateway at once when its registration has it at hand, else leaves it to the checkout to load', () => {
    const atHand = { ...card('b', true), loaded: vi.fn(() => fakeGateway('b')) };
    const registry = createGatewayRegistry([card('a', false), atHand, card('c', true)]);
    expect(registry.readyCardGateway(ctx())).toMatchObject({ id: 'b', backendId: 'b' });
    expect(atHand.load).not.toHaveBeenCalled();
    // not downloaded yet, a registration without `loaded` (Stripe: its script and the provider's servers), or none available
    expect(createGatewayRegistry([withLoaded(card('b', true), () => undefined)]).readyCardGateway(ctx())).toBeUndefined();
    expect(createGatewayRegistry([card('b', true)]).readyCardGateway(ctx())).toBeUndefined();
    expect(createGatewayRegistry([withLoaded(card('a', false), () => fakeGateway('a'))]).readyCardGateway(ctx())).toBeUndefined();
  });

  it('has the sandbox card gateway at hand once its code is prefetched', async () => {
    const preview = ctx({ preview: true, publishableKey: 'pk_test_sandbox' });
    await sandboxCardRegistration.prefetch!(preview);
    const registry = createGatewayRegistry([sandboxCardRegistration]);
    expect(registry.readyCardGateway(preview)).toMatchObject({ id: 'sandbox', backendId: 'stripe' });
    expect(registry.readyCardGateway(ctx({ preview: false, publishableKey: 'pk_test_sandbox' }))).toBeUndefined();
  });

  it("the product's registrations download their code only: the sandbox in a preview, Stripe's form code, PayPal's", async () => {
    await expect(sandboxCardRegistration.prefetch!(ctx({ preview: true }))).resolves.toBeDefined();
    await expect(stripeRegistration().prefetch!(ctx({ publishableKey: 'pk_test_1' }))).resolves.toHaveProperty('loadStripeGateway');
    await expect(braintreePayPalRegistration.prefetch!(ctx({ preview: true, clientToken: 't' }))).resolves.toHaveLength(2);
  });
});

describe('the gateway id the backend gets comes from the registration', () => {
  it("sends a card registration's backendId with the subscription", async () => {
    const registration: GatewayRegistration = {
      id: 'acme-card',
      backendId: 'acme',
      kind: 'card',
      available: () => true,
      load: async () => ({ ...scriptedGateway({}), id: 'acme-card', Host: () => null, CardForm: () => null }),
    };
    const gateway = await createGatewayRegistry([registration]).cardGateway(ctx());
    expect(gateway.backendId).toBe('acme');
    const f = funnel();
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid()] });
    const outcome = await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: 'gz-3-month-fox' });
    expect(outcome.status).toBe('succeeded');
    expect(calls.posts[0]!.body).toMatchObject({ gateway: 'acme', payment_method_nonce: 'pm_1' });
    expect(f.events.find((e) => e.name === 'Order Completed')?.props).toMatchObject({ gateway: 'acme' });
  });

  it("sends an alternative registration's backendId with the subscription", async () => {
    const registration: GatewayRegistration = {
      id: 'wallet-x',
      backendId: 'wallet-x-pay',
      kind: 'alternative',
      available: () => true,
      load: async () => ({ id: 'wallet-x', Button: () => null }),
    };
    const [method] = await createGatewayRegistry([registration]).alternatives(ctx());
    const f = funnel();
    const { api, calls } = scriptedApi({ braintree: [{ subscriptionId: 'sub_9', finalPrice: 9.99, regularPrice: 19.99 }] });
    const outcome = await purchaseWithBraintree(
      { api, store: f.store, analytics: f.analytics },
      { plan: 'gz-3-month-fox', gateway: method!.backendId, nonce: 'nonce-1', price: 9.99 },
    );
    expect(outcome.status).toBe('succeeded');
    expect(calls.braintree[0]!.body).toMatchObject({ gateway: 'wallet-x-pay', payment_method_nonce: 'nonce-1' });
  });
});

describe("the product's gateway list", () => {
  it('offers the sandbox only in preview builds, Stripe only with a publishable key', () => {
    expect(gateways).toEqual(expect.arrayContaining([sandboxCardRegistration, braintreePayPalRegistration]));
    expect(sandboxCardRegistration.available(ctx({ preview: true }))).toBe(true);
    expect(sandboxCardRegistration.available(ctx({ preview: false, publishableKey: 'pk' }))).toBe(false);
    // PayPal only with a Braintree client token, in any build
    expect(braintreePayPalRegistration.available(ctx({ preview: true }))).toBe(false);
    expect(braintreePayPalRegistration.available(ctx({ clientToken: 'token' }))).toBe(true);
    expect(stripeRegistration().available(ctx({ publishableKey: 'pk_live' }))).toBe(true);
    expect(stripeRegistration().available(ctx())).toBe(false);
  });

  it('loads the sandbox gateway with its wallet in a preview', async () => {
    const gateway = await sandboxCardRegistration.load(ctx({ preview: true, publishableKey: 'pk_test' }));
    expect(gateway.id).toBe('sandbox');
    expect(
      await (gateway as PaymentGateway).wallet?.available({
        label: '3-month plan',
        amountToday: 59.88,
        currency: 'USD',
        recurring: '$59.88 every 3 months',
        country: 'US',
      }),
    ).toBe('sandbox_pay');
  });
});
