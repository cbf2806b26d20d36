/**
 * The funnel's side of the backend contract (docs/purchases.md): a payment left waiting for 3-D Secure
 * is abandoned, never confirmed or sent again, once the visitor pays anew; the upsell never charges
 * another account's payment method; a 429 says how long to wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPurchaseRecord, failureTextKey, purchase, purchaseAccountOf, readPurchaseRecord } from '../../engine/payments/index.ts';
import { PaymentApiError } from '../../engine/payments/index.ts';
import type { SubscriptionRequest } from '../../engine/payments/index.ts';
import { done, funnel, paid, scriptedApi, scriptedGateway, virtualClock } from './checkout-fakes.ts';
import { MemoryStorage } from './memoryStorage.ts';

const PLAN = 'gz-3-month-fox';
const UPSELL = 'gz-monthly-driver-sos-skovoroda';

beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
afterEach(() => {
  clearPurchaseRecord();
  vi.unstubAllGlobals();
});

const sent = (api: { postSubscription: unknown }): SubscriptionRequest[] =>
  (api.postSubscription as ReturnType<typeof vi.fn>).mock.calls.map((call) => call[0] as SubscriptionRequest);

describe('an abandoned 3-D Secure payment', () => {
  it('is never confirmed or sent again: the next Pay starts a new purchase with new ids and no payment intent', async () => {
    const f = funnel();
    const account = purchaseAccountOf(f.store.signup);
    const durable = { account, checkoutPath: '/checkout' };
    const { api, calls } = scriptedApi({
      posts: ['poll-3ds', 'poll-new'],
      polls: [done({ status: 'requires_action', data: { payment_intent_secret: 'pi_open_secret', payment_intent_id: 'pi_open' } }), paid('sub_new')],
    });
    // the visitor closes the challenge; then pays with another card
    const gateway = scriptedGateway({
      created: [{ id: 'pm_3ds' }, { id: 'pm_other' }],
      confirmed: [{ error: { message: 'The challenge was closed.', code: 'payment_intent_authentication_failure' } }],
    });
    const deps = { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() };
    const first = await purchase(deps, { plan: PLAN, durable });
    expect(first.status).toBe('failed');
    // nothing is kept that a reload or another tab could resume the open payment from
    expect(readPurchaseRecord(account)).toBeUndefined();

    const second = await purchase(deps, { plan: PLAN, durable });
    expect(second).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_new' });
    expect(gateway.confirmPayment).toHaveBeenCalledTimes(1);
    const [abandoned, fresh] = sent(api);
    expect(fresh!.paymentIntentId).toBe('');
    expect(fresh!.paymentMethod).toBe('pm_other');
    expect(fresh!.idempotencyKey).not.toBe(abandoned!.idempotencyKey);
    expect(fresh!.eventId).not.toBe(abandoned!.eventId);
    expect(calls.posts.map((p) => p.body.payment_intent_id)).toEqual(['', '']);
  });
});

describe("another account's payment method", () => {
  it('is never charged by the upsell: a tab signed in as another account since sends nothing', async () => {
    const f = funnel();
    Object.assign(f.store.checkout, { stripeNonce: 'pm_of_a', paymentMethodAccount: 'user:1', id: 'sub_of_a' });
    const { api } = scriptedApi({});
    const gateway = scriptedGateway({});
    const outcome = await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: UPSELL, upsell: true });
    expect(outcome.status).toBe('failed');
    expect(api.postSubscription).not.toHaveBeenCalled();
    expect(gateway.createPaymentMethod).not.toHaveBeenCalled();
  });

  it("is kept only as the paying account's: a paid plan tags its payment method with the tab's account", async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: ['p'], polls: [paid('sub_1')] });
    await purchase(
      { api, gateway: scriptedGateway({ created: [{ id: 'pm_own' }] }), store: f.store, analytics: f.analytics, clock: virtualClock() },
      { plan: PLAN },
    );
    expect(f.store.checkout).toMatchObject({ stripeNonce: 'pm_own', paymentMethodAccount: purchaseAccountOf(f.store.signup) });
  });
});

describe('a 429 answer', () => {
  it('says how many seconds to wait when the server sent Retry-After, and keeps the purchase open', async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: [new PaymentApiError(429, ['Too many requests'], 4200)] });
    const outcome = await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    if (outcome.status !== 'failed') throw new Error(`expected a failure, got ${outcome.status}`);
    expect(outcome.failure).toMatchObject({ kind: 'rateLimit', textValues: { seconds: 5 } });
    expect(failureTextKey(outcome.failure)).toBe('errors.tryAgainIn');
  });
});
