import { describe, expect, it, vi } from 'vitest';
import { isPurchaseRunning, purchase, purchaseAccountOf, purchaseWithBraintree } from '../../engine/payments/index.ts';
import { UPSELL_FIELD } from '../../screens/backend/portalSubscriptions.ts';
import { MAX_SUBSCRIPTION_POSTS } from '../../engine/payments/index.ts';
import { PaymentApiError } from '../../engine/payments/index.ts';
import { BRAINTREE_DECLINE_KEY, BRAINTREE_RESPONSE_TEXT_KEYS } from '../../engine/payments/index.ts';
import { asPoll, done, funnel, paid, pending, scriptedApi, scriptedGateway, virtualClock } from './checkout-fakes.ts';

const PLAN = 'gz-3-month-fox';

/** What the visitor was shown for the last failure (the failure event carries it); never a banner as well. */
function shown(f: ReturnType<typeof funnel>): { text: string; textKey: string } {
  expect(f.store.error.show).toBe(false);
  const failure = [...f.events].reverse().find((e) => e.name.endsWith('_failed'));
  return { text: String(failure?.props.text ?? ''), textKey: String(failure?.props.textKey ?? '') };
}
const ids = () => {
  let n = 0;
  return () => `evt-${++n}`;
};

describe('checkout machine: the card path (spec section 4)', () => {
  it('turns the checkout loader on with its message while paying, and off at the end', async () => {
    const f = funnel();
    const seen: unknown[] = [];
    const { api } = scriptedApi({ posts: ['poll-1'], polls: [paid()] });
    const gateway = scriptedGateway({});
    gateway.createPaymentMethod.mockImplementationOnce(async () => {
      seen.push({ ...f.store.loader });
      return { id: 'pm_1' };
    });
    await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(seen).toEqual([{ show: true, type: 'checkout', withMessage: true }]);
    expect(f.store.loader.show).toBe(false);
  });

  it('creates the payment method with the billing name, posts the subscription with every field, and stores the success', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_9', 29.94, 59.88)] });
    const gateway = scriptedGateway({ created: [{ id: 'pm_card' }] });
    const outcome = await purchase(
      { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock(), newEventId: ids() },
      { plan: PLAN, coupon: 'SPRING', extra: { landing_type: 'discount' } },
    );
    expect(gateway.createPaymentMethod).toHaveBeenCalledWith({ billingName: 'Ada Lovelace' });
    expect(calls.posts).toEqual([
      {
        plan: PLAN,
        body: {
          gateway: 'stripe',
          payment_method_nonce: 'pm_card',
          coupon: 'SPRING',
          fb_event_id: 'evt-1',
          currency: 'USD',
          payment_intent_id: '',
          landing_type: 'discount',
        },
      },
    ]);
    expect(calls.polls).toEqual(['poll-1']);
    expect(outcome).toEqual({ status: 'succeeded', subscriptionId: 'sub_9', finalPrice: 29.94, regularPrice: 59.88 });
    expect(f.store.checkout).toMatchObject({ id: 'sub_9', finalPrice: 29.94, regularPrice: 59.88, isSuccess: true, stripeNonce: 'pm_card', declineCode: '' });
    expect(f.store.checkout.discountPercentage).toBeCloseTo(50, 10); // (59.88 - 29.94) / 59.88 * 100
    // Segment's Order Completed, its event_id the subscription call's fb_event_id (the pixel's Purchase eventID)
    expect(f.names()).toEqual(['Order Completed']);
    expect(f.events[0]!.props).toEqual({
      order_id: 'sub_9',
      total: 29.94,
      revenue: 29.94,
      value: 29.94,
      currency: 'USD',
      products: [{ product_id: PLAN, sku: PLAN, name: PLAN, price: 29.94, quantity: 1, category: 'subscription' }],
      event_id: 'evt-1',
      plan: PLAN,
      regular_price: 59.88,
      gateway: 'stripe',
      upsell: false,
    });
    expect(f.store.error.show).toBe(false);
  });

  it("charges in the visitor's currency: the subscription call names it and Order Completed carries it with the charged value", async () => {
    const f = funnel();
    f.store.plans.currency = 'EUR';
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_eur', 53.88, 53.88)] });
    await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock(), newEventId: ids() }, { plan: PLAN });
    expect(calls.posts[0]!.body).toMatchObject({ currency: 'EUR' });
    expect(f.events[0]!.props).toMatchObject({ currency: 'EUR', value: 53.88, revenue: 53.88 });
  });

  it('charges in USD while the visit has no currency decided', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid()] });
    await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(calls.posts[0]!.body).toMatchObject({ currency: 'USD' });
    expect(f.events.find((e) => e.name === 'Order Completed')!.props).toMatchObject({ currency: 'USD' });
  });

  it('reads prices sent as strings and gives 0 % when the regular price is 0', async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: ['p'], polls: [done({ status: 'succeeded', subscription_id: 42, price_with_discount: '0', regular_price: '0' })] });
    await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(f.store.checkout).toMatchObject({ id: '42', finalPrice: 0, regularPrice: 0, discountPercentage: 0, isSuccess: true });
  });

  it('shows the payment method error as a payment error and never calls the server', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({});
    const gateway = scriptedGateway({ created: [{ error: { message: 'Your card number is incorrect.', code: 'incorrect_number' } }] });
    const outcome = await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(outcome.status).toBe('failed');
    expect(calls.posts).toEqual([]);
    expect(shown(f)).toMatchObject({ text: 'Your card number is incorrect.', textKey: 'checkout.decline.incorrectNumber' });
    expect(f.store.checkout.declineCode).toBe('incorrect_number');
    expect(f.names()).toEqual(['purchase_failed']);
    expect(f.events[0]!.props).toMatchObject({ declineCode: 'incorrect_number' });
    expect(f.store.loader.show).toBe(false);
  });

  it('shows a decline from the result, stores decline_code, logs purchase_failed and payment_declined for "insufficient"', async () => {
    const f = funnel();
    const { api } = scriptedApi({
      posts: ['p'],
      polls: [done({ status: 'failed', errors: { messages: ['Your card has insufficient funds.'] }, decline_code: 'insufficient_funds' })],
    });
    const outcome = await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(outcome).toEqual({
      status: 'failed',
      failure: { kind: 'decline', message: 'Your card has insufficient funds.', declineCode: 'insufficient_funds' },
    });
    expect(shown(f)).toMatchObject({ text: 'Your card has insufficient funds.', textKey: 'checkout.decline.insufficientFunds' });
    expect(f.store.checkout).toMatchObject({ declineCode: 'insufficient_funds', isSuccess: false });
    expect(f.names()).toEqual(['purchase_failed', 'payment_declined']);
    expect(f.events[0]!.props).toMatchObject({ declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(f.events[1]!.props).toMatchObject({ declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('shows the server text as is when the decline code has no text of ours', async () => {
    const f = funnel();
    const { api } = scriptedApi({
      posts: ['p'],
      polls: [done({ status: 'failed', errors: { messages: ['Card velocity exceeded.'] }, decline_code: 'card_velocity_exceeded' })],
    });
    await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(shown(f)).toMatchObject({ text: 'Card velocity exceeded.', textKey: '' });
    expect(f.names()).toEqual(['purchase_failed']);
  });

  it('shows "Payment error" when a failure has no text', async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: ['p'], polls: [done({ status: 'failed' })] });
    await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(shown(f)).toMatchObject({ textKey: 'checkout.errors.paymentError' });
    expect(f.store.checkout.declineCode).toBe('');
    expect(f.events[0]).toMatchObject({ name: 'purchase_failed', props: { declineCode: '' } });
  });

  it('shows the errors.messages of a refused subscription call, and the network text when no answer came', async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: [new PaymentApiError(422, ['Unknown plan'])] });
    await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(shown(f)).toMatchObject({ text: 'Unknown plan', textKey: '' });

    const g = funnel();
    const offline = scriptedApi({ posts: [new PaymentApiError(0, [])] });
    await purchase({ api: offline.api, gateway: scriptedGateway({}), store: g.store, analytics: g.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(shown(g)).toMatchObject({ textKey: 'checkout.errors.network' });
    expect(g.store.loader.show).toBe(false);
  });

  it('turns the loader off even when the gateway throws', async () => {
    const f = funnel();
    const gateway = scriptedGateway({});
    gateway.createPaymentMethod.mockRejectedValueOnce(new Error('boom'));
    const outcome = await purchase({ api: scriptedApi({}).api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(outcome.status).toBe('failed');
    expect(shown(f).textKey).toBe('checkout.errors.paymentError');
    expect(f.store.loader.show).toBe(false);
  });

  it('never starts a second purchase while one runs (double click)', async () => {
    const f = funnel();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const gateway = scriptedGateway({});
    gateway.createPaymentMethod.mockImplementationOnce(async () => {
      await gate;
      return { id: 'pm_1' };
    });
    const { api, calls } = scriptedApi({ posts: ['p'], polls: [paid()] });
    const deps = { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() };
    const first = purchase(deps, { plan: PLAN });
    expect(isPurchaseRunning(f.store)).toBe(true);
    expect(await purchase(deps, { plan: PLAN })).toEqual({ status: 'busy' });
    release();
    expect((await first).status).toBe('succeeded');
    expect(gateway.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(calls.posts).toHaveLength(1);
    expect(isPurchaseRunning(f.store)).toBe(false);
    expect(f.store.loader.show).toBe(false); // the refused click did not switch the loader off early
  });
});

describe('checkout machine: polling (bounded)', () => {
  it('polls while 202, honouring Retry-After, else backing off from 500 ms up to 4 s', async () => {
    const f = funnel();
    const clock = virtualClock();
    const { api, calls } = scriptedApi({
      posts: ['p'],
      polls: [pending(1000), pending(), pending(), pending(), pending(), pending(), pending(), pending(30_000), paid()],
    });
    const outcome = await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock }, { plan: PLAN });
    expect(outcome.status).toBe('succeeded');
    expect(clock.waits).toEqual([1000, 500, 1000, 2000, 4000, 4000, 4000, 4000]);
    expect(calls.polls).toHaveLength(9);
  });

  it('gives up after about 90 s with a clear message', async () => {
    const f = funnel();
    const clock = virtualClock();
    const { api } = scriptedApi({ posts: ['p'], polls: Array.from({ length: 100 }, () => pending(4000)) });
    const outcome = await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock }, { plan: PLAN });
    expect(outcome.status).toBe('failed');
    expect(clock.time()).toBeLessThanOrEqual(90_000);
    expect(clock.time()).toBeGreaterThan(80_000);
    expect(shown(f)).toMatchObject({ textKey: 'checkout.errors.timeout' });
    expect(f.names()).toEqual(['purchase_failed']);
    expect(f.store.loader.show).toBe(false);
  });

  it('stops when aborted (the screen unmounted): no banner, no event, loader off', async () => {
    const f = funnel();
    const controller = new AbortController();
    const clock = virtualClock();
    const { api, calls } = scriptedApi({ posts: ['p'], polls: [pending(1000), pending(1000), paid()] });
    vi.mocked(api.getPollingResult).mockImplementation(async (id: string) => {
      calls.polls.push(id);
      if (calls.polls.length === 2) controller.abort();
      return asPoll(pending(1000));
    });
    const outcome = await purchase(
      { api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock, signal: controller.signal },
      { plan: PLAN },
    );
    expect(outcome).toEqual({ status: 'aborted' });
    expect(calls.polls).toHaveLength(2);
    expect(f.store.error.show).toBe(false);
    expect(f.events).toEqual([]);
    expect(f.store.loader.show).toBe(false);
  });
});

describe('checkout machine: 3-D Secure (requires_action)', () => {
  const action = (secret = 'pi_1_secret', id = 'pi_1'): ReturnType<typeof done> =>
    done({ status: 'requires_action', data: { payment_intent_secret: secret, payment_intent_id: id } });

  it('confirms with the payment method, then repeats the subscription call with the confirmed intent id', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({ posts: ['p1', 'p2'], polls: [action(), paid('sub_3ds')] });
    const gateway = scriptedGateway({ created: [{ id: 'pm_3ds' }], confirmed: [{ payment: { id: 'pi_1', status: 'succeeded' } }] });
    const outcome = await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock(), newEventId: ids() }, { plan: PLAN });
    expect(gateway.confirmPayment).toHaveBeenCalledWith('pi_1_secret', 'pm_3ds');
    expect(calls.posts.map((p) => p.body.payment_intent_id)).toEqual(['', 'pi_1']);
    expect(calls.posts.map((p) => p.body.fb_event_id)).toEqual(['evt-1', 'evt-1']); // one purchase attempt
    expect(outcome).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_3ds' });
    expect(f.names()).toEqual(['Order Completed']);
  });

  it('shows the confirmation error on the first attempt with a payment method', async () => {
    const f = funnel();
    const message = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    const { api, calls } = scriptedApi({ posts: ['p1'], polls: [action()] });
    const gateway = scriptedGateway({ confirmed: [{ error: { message, code: 'payment_intent_authentication_failure' } }] });
    const outcome = await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(outcome.status).toBe('failed');
    expect(calls.posts).toHaveLength(1);
    expect(shown(f)).toMatchObject({ text: message, textKey: 'checkout.decline.authenticationFailed' });
    expect(f.store.checkout.declineCode).toBe('payment_intent_authentication_failure');
    expect(f.names()).toEqual(['purchase_failed']);
  });

  it('on a later attempt, a confirmation error repeats the subscription call with the intent id and the server decides', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({
      posts: ['p1', 'p2', 'p3'],
      polls: [
        action('s1', 'pi_1'),
        action('s2', 'pi_2'),
        done({ status: 'failed', errors: { messages: ['Your card was declined.'] }, decline_code: 'generic_decline' }),
      ],
    });
    const gateway = scriptedGateway({ confirmed: [{ payment: { id: 'pi_1', status: 'requires_action' } }, { error: { message: 'closed' } }] });
    await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(gateway.confirmPayment.mock.calls).toEqual([
      ['s1', 'pm_1'],
      ['s2', undefined],
    ]);
    expect(calls.posts.map((p) => p.body.payment_intent_id)).toEqual(['', 'pi_1', 'pi_2']);
    expect(shown(f).textKey).toBe('checkout.decline.genericDecline');
  });

  it('gives up with "Payment error" after a bounded number of posts', async () => {
    const f = funnel();
    const posts = Array.from({ length: MAX_SUBSCRIPTION_POSTS }, (_, i) => `p${i}`);
    const { api, calls } = scriptedApi({ posts, polls: posts.map(() => action()) });
    const gateway = scriptedGateway({ confirmed: posts.map(() => ({ payment: { id: 'pi_1', status: 'requires_action' } })) });
    const outcome = await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(outcome.status).toBe('failed');
    expect(calls.posts).toHaveLength(MAX_SUBSCRIPTION_POSTS);
    expect(shown(f).textKey).toBe('checkout.errors.paymentError');
  });

  it('requires_action without a secret and without errors ends silently', async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: ['p'], polls: [done({ status: 'requires_action' })] });
    const outcome = await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(outcome).toEqual({ status: 'silent' });
    expect(f.store.error.show).toBe(false);
    expect(f.events).toEqual([]);
    expect(f.store.checkout.isSuccess).toBe(false);
    expect(f.store.loader.show).toBe(false);
  });

  it('requires_action without a secret but with errors shows them', async () => {
    const f = funnel();
    const { api } = scriptedApi({ posts: ['p'], polls: [done({ status: 'requires_action', errors: { messages: ['Authentication is required.'] } })] });
    await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN });
    expect(shown(f)).toMatchObject({ text: 'Authentication is required.' });
    expect(f.names()).toEqual(['purchase_failed']);
  });
});

describe('checkout machine: the upsell', () => {
  const UPSELL = 'gz-monthly-driver-sos-skovoroda';

  it('charges the saved payment method with the upsell marker and fills upsellData', async () => {
    const f = funnel();
    Object.assign(f.store.checkout, { stripeNonce: 'pm_saved', paymentMethodAccount: purchaseAccountOf(f.store.signup), id: 'sub_main' });
    const { api, calls } = scriptedApi({ posts: ['p'], polls: [paid('sub_up', 9.99, 9.99)] });
    const gateway = scriptedGateway({});
    const outcome = await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: UPSELL, upsell: true });
    expect(outcome.status).toBe('succeeded');
    expect(gateway.createPaymentMethod).not.toHaveBeenCalled();
    expect(calls.posts[0]).toMatchObject({ plan: UPSELL, body: { payment_method_nonce: 'pm_saved', [UPSELL_FIELD]: true, gateway: 'stripe' } });
    expect(f.store.checkout.upsellData).toEqual({ success: true, finalPrice: 9.99, regularPrice: 9.99 });
    expect(f.store.checkout.id).toBe('sub_main'); // the plan's purchase is untouched
    expect(f.names()).toEqual(['Order Completed']);
    expect(f.events[0]!.props).toMatchObject({ order_id: expect.any(String), plan: UPSELL, upsell: true, revenue: 9.99 });
  });

  it('sets upsellData.success false and logs upsell_failed on a decline', async () => {
    const f = funnel();
    Object.assign(f.store.checkout, { stripeNonce: 'pm_saved', paymentMethodAccount: purchaseAccountOf(f.store.signup) });
    const { api } = scriptedApi({
      posts: ['p'],
      polls: [done({ status: 'failed', errors: { messages: ['Your card was declined.'] }, decline_code: 'generic_decline' })],
    });
    await purchase({ api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: UPSELL, upsell: true });
    expect(f.store.checkout.upsellData.success).toBe(false);
    expect(shown(f)).toMatchObject({ textKey: 'checkout.decline.genericDecline' });
    expect(f.names()).toEqual(['upsell_failed']);
  });
});

describe('checkout machine: the Braintree path (spec section 4 "Alternative path")', () => {
  it('posts gateway braintree with the nonce and succeeds with subscription_id', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({ braintree: [{ subscriptionId: 'bt_1', finalPrice: 29.94, regularPrice: 59.88 }] });
    const outcome = await purchaseWithBraintree(
      { api, store: f.store, analytics: f.analytics, newEventId: ids() },
      { plan: PLAN, gateway: 'braintree', nonce: 'fake-paypal-one-time-nonce', price: 59.88 },
    );
    expect(calls.braintree).toEqual([
      { plan: PLAN, body: { gateway: 'braintree', payment_method_nonce: 'fake-paypal-one-time-nonce', coupon: '', fb_event_id: 'evt-1', currency: 'USD' } },
    ]);
    expect(outcome).toEqual({ status: 'succeeded', subscriptionId: 'bt_1', finalPrice: 29.94, regularPrice: 59.88 });
    expect(f.store.checkout).toMatchObject({ id: 'bt_1', isSuccess: true });
    expect(f.names()).toEqual(['Order Completed']);
    expect(f.events[0]!.props.gateway).toBe('braintree');
    expect(f.store.loader.show).toBe(false);
  });

  it('falls back to the catalogue price when the server sends none', async () => {
    const f = funnel();
    const { api } = scriptedApi({ braintree: [{ subscriptionId: 'bt_2' }] });
    await purchaseWithBraintree({ api, store: f.store, analytics: f.analytics }, { plan: PLAN, gateway: 'braintree', nonce: 'n', price: 59.88 });
    expect(f.store.checkout).toMatchObject({ finalPrice: 59.88, regularPrice: 59.88, discountPercentage: 0 });
  });

  it("shows a processor's decline in the funnel's words: known texts by their own key, any other the PayPal decline", async () => {
    for (const [message, expected] of Object.entries(BRAINTREE_RESPONSE_TEXT_KEYS)) {
      const f = funnel();
      const { api } = scriptedApi({ braintree: [new PaymentApiError(422, [message])] });
      await purchaseWithBraintree({ api, store: f.store, analytics: f.analytics }, { plan: PLAN, gateway: 'braintree', nonce: 'n', price: 1 });
      expect(shown(f)).toEqual({ text: message, textKey: expected.textKey });
      expect(f.store.checkout.declineCode).toBe(expected.code);
    }
    const g = funnel();
    const { api } = scriptedApi({ braintree: [new PaymentApiError(422, ['Gateway Rejected: fraud'])] });
    await purchaseWithBraintree({ api, store: g.store, analytics: g.analytics }, { plan: PLAN, gateway: 'braintree', nonce: 'n', price: 1 });
    expect(shown(g)).toEqual({ text: 'Gateway Rejected: fraud', textKey: BRAINTREE_DECLINE_KEY });
  });

  it('shows errors.messages, and "An error has occurred" when the failure has no body', async () => {
    const f = funnel();
    const { api } = scriptedApi({ braintree: [new PaymentApiError(422, ['Do Not Honor'])] });
    await purchaseWithBraintree({ api, store: f.store, analytics: f.analytics }, { plan: PLAN, gateway: 'braintree', nonce: 'n', price: 1 });
    // the processor's text is logged, the funnel's own text shown (engine/payments/failures.ts)
    expect(shown(f)).toMatchObject({ text: 'Do Not Honor', textKey: 'checkout.decline.paypal' });
    expect(f.names()).toEqual(['purchase_failed']);

    const g = funnel();
    const bare = scriptedApi({ braintree: [new PaymentApiError(500, [])] });
    await purchaseWithBraintree({ api: bare.api, store: g.store, analytics: g.analytics }, { plan: PLAN, gateway: 'braintree', nonce: 'n', price: 1 });
    expect(shown(g)).toMatchObject({ text: 'An error has occurred', textKey: 'errors.generic' });
    expect(g.store.checkout.isSuccess).toBe(false);
  });
});
