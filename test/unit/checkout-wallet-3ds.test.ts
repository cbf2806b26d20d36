/**
 * The checkout machine with a wallet's payment method and with 3-D Secure requested for EU
 * customers: the same subscription call, polling and 3-D Secure branches as a card, the body flag
 * only when asked, and a resumed purchase that repeats its decision.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { THREE_D_SECURE_FIELD } from '../../screens/backend/portalSubscriptions.ts';
import { purchase } from '../../engine/payments/index.ts';
import { clearPurchaseRecord, readPurchaseRecord } from '../../engine/payments/index.ts';
import { PaymentApiError } from '../../engine/payments/index.ts';
import { threeDSecurePolicy } from '../../engine/payments/index.ts';
import { done, funnel, paid, scriptedApi, scriptedGateway, virtualClock } from './checkout-fakes.ts';

const PLAN = 'gz-3-month-fox';
const US_BROWSER = { locales: ['en-US'], timeZone: 'America/New_York' };
const durable = { account: 'ada@example.com', checkoutPath: '/checkout' };

beforeEach(() => clearPurchaseRecord());

describe('a wallet payment method in the checkout machine', () => {
  it('is charged instead of the card form: no payment method is created, the body carries it', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid('sub_w')] });
    const gateway = scriptedGateway({});
    const outcome = await purchase(
      { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() },
      { plan: PLAN, paymentMethod: { id: 'pm_wallet', country: 'US' } },
    );
    expect(outcome).toMatchObject({ status: 'succeeded', subscriptionId: 'sub_w' });
    expect(gateway.createPaymentMethod).not.toHaveBeenCalled();
    expect(calls.posts[0]!.body).toMatchObject({ gateway: 'stripe', payment_method_nonce: 'pm_wallet' });
    expect(calls.posts[0]!.body).not.toHaveProperty(THREE_D_SECURE_FIELD);
    // kept for the upsell, like a card
    expect(f.store.checkout.stripeNonce).toBe('pm_wallet');
  });

  it('runs the 3-D Secure step with the wallet method on the first confirmation', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({
      posts: ['poll-1', 'poll-2'],
      polls: [done({ status: 'requires_action', data: { payment_intent_secret: 'pi_1_secret', payment_intent_id: 'pi_1' } }), paid()],
    });
    const gateway = scriptedGateway({ confirmed: [{ payment: { id: 'pi_1', status: 'succeeded' } }] });
    const outcome = await purchase(
      { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() },
      { plan: PLAN, paymentMethod: { id: 'pm_wallet' } },
    );
    expect(outcome.status).toBe('succeeded');
    expect(gateway.confirmPayment).toHaveBeenCalledWith('pi_1_secret', 'pm_wallet');
    expect(calls.posts[1]!.body).toMatchObject({ payment_intent_id: 'pi_1' });
  });

  it('reports a refused wallet card as a decline without calling the server', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({});
    const outcome = await purchase(
      { api, gateway: scriptedGateway({}), store: f.store, analytics: f.analytics, clock: virtualClock() },
      { plan: PLAN, paymentMethod: { error: { message: 'Your card was declined.', code: 'card_declined', declineCode: 'generic_decline' } } },
    );
    expect(outcome).toEqual({ status: 'failed', failure: { kind: 'decline', message: 'Your card was declined.', declineCode: 'generic_decline' } });
    expect(calls.posts).toEqual([]);
    expect(f.store.checkout.declineCode).toBe('generic_decline');
  });
});

describe('3-D Secure for EU customers in the subscription call', () => {
  it('asks for it for an EU card when the settings force it', async () => {
    const f = funnel();
    const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid()] });
    const gateway = scriptedGateway({ created: [{ id: 'pm_de', country: 'DE' }] });
    await purchase(
      { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() },
      { plan: PLAN, threeDSecure: threeDSecurePolicy(true, US_BROWSER) },
    );
    expect(calls.posts[0]!.body).toMatchObject({ [THREE_D_SECURE_FIELD]: 'any' });
  });

  it('does not ask for a US card, nor for an EU card when the settings do not force it', async () => {
    for (const [force, country] of [
      [true, 'US'],
      [false, 'DE'],
    ] as const) {
      const f = funnel();
      const { api, calls } = scriptedApi({ posts: ['poll-1'], polls: [paid()] });
      const gateway = scriptedGateway({ created: [{ id: 'pm_1', country }] });
      await purchase(
        { api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() },
        { plan: PLAN, threeDSecure: threeDSecurePolicy(force, US_BROWSER) },
      );
      expect(calls.posts[0]!.body).not.toHaveProperty(THREE_D_SECURE_FIELD);
    }
  });

  it('falls back to the browser when the method has no country, and a resumed purchase repeats the decision', async () => {
    const f = funnel();
    f.store.signup.email = durable.account;
    const { api, calls } = scriptedApi({ posts: [new PaymentApiError(0, [])] });
    const gateway = scriptedGateway({ created: [{ id: 'pm_x' }] });
    const berlin = threeDSecurePolicy(true, { locales: ['en-US'], timeZone: 'Europe/Berlin' });
    await purchase({ api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() }, { plan: PLAN, durable, threeDSecure: berlin });
    expect(calls.posts[0]!.body).toMatchObject({ [THREE_D_SECURE_FIELD]: 'any' });
    expect(readPurchaseRecord(durable.account)).toMatchObject({ paymentMethodId: 'pm_x', threeDSecure: true });

    // the retry after a reload: the same body, whatever the browser says now
    const again = scriptedApi({ posts: ['poll-1'], polls: [paid()] });
    const outcome = await purchase(
      { api: again.api, gateway, store: f.store, analytics: f.analytics, clock: virtualClock() },
      { plan: PLAN, durable, threeDSecure: threeDSecurePolicy(true, US_BROWSER) },
    );
    expect(outcome.status).toBe('succeeded');
    expect(again.calls.posts[0]!.body).toEqual(calls.posts[0]!.body);
  });
});
