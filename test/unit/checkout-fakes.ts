/**
 * Fakes for the checkout machine tests: a scripted API, a scripted gateway and a virtual clock. The
 * API records each request as the portal adapter puts it on the wire (screens/backend/portalSubscriptions.ts)
 * and reads scripted results in the portal's shape through the same adapter.
 */
import { vi } from 'vitest';
import { productSlices } from '../../screens/product/slices.ts';
import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { createFunnelStore, type FunnelState } from '../../engine/index.ts';
import type { PaymentProcessor, ConfirmResult, PaymentMethodResult, PurchaseRecord } from '../../engine/payments/index.ts';
import { AbortedError, type Clock } from '../../engine/payments/index.ts';
import type { ImmediateResult, PollAnswer, SubscriptionApi, SubscriptionRequest } from '../../engine/payments/index.ts';
import { subscriptionBodyOf, subscriptionResultOf, type ResultData } from '../../screens/backend/portalSubscriptions.ts';

/** A request body as the portal gets it. */
type WireBody = Record<string, unknown>;

/** A clock whose sleep advances virtual time at once and records each wait. */
export function virtualClock(): Clock & { waits: number[]; time: () => number } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    time: () => now,
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new AbortedError();
      waits.push(ms);
      now += ms;
    },
  };
}

type PostStep = string | Error;
/** A poll's answer, its result in the portal's shape. */
type ScriptedPoll = { pending: true; retryAfterMs?: number } | { pending: false; result: ResultData };
type PollStep = ScriptedPoll | Error;

/** An API that answers from scripts; records every call. */
export function scriptedApi(script: { posts?: PostStep[]; polls?: PollStep[]; braintree?: Array<ImmediateResult | Error> }) {
  const posts = [...(script.posts ?? [])];
  const polls = [...(script.polls ?? [])];
  const braintree = [...(script.braintree ?? [])];
  const calls = {
    posts: [] as Array<{ plan: string; body: WireBody }>,
    polls: [] as string[],
    braintree: [] as Array<{ plan: string; body: WireBody }>,
    /** The Idempotency-Key of each Braintree call. */
    braintreeKeys: [] as Array<string | undefined>,
  };
  const next = <T>(list: Array<T | Error>, what: string): T => {
    const step = list.shift();
    if (step === undefined) throw new Error(`unexpected ${what}`);
    if (step instanceof Error) throw step;
    return step;
  };
  const api: SubscriptionApi = {
    postSubscription: vi.fn(async (request: SubscriptionRequest) => {
      calls.posts.push({ plan: request.plan, body: subscriptionBodyOf(request, true) });
      return next(posts, 'subscription post');
    }),
    getPollingResult: vi.fn(async (id: string): Promise<PollAnswer> => {
      calls.polls.push(id);
      return asPoll(next(polls, 'poll'));
    }),
    getReceipt: vi.fn(async () => {
      throw new Error('unexpected receipt lookup');
    }),
    postImmediateSubscription: vi.fn(async (request: SubscriptionRequest) => {
      calls.braintree.push({ plan: request.plan, body: subscriptionBodyOf(request, false) });
      calls.braintreeKeys.push(request.idempotencyKey);
      return next(braintree, 'braintree post');
    }),
  };
  return { api, calls };
}

/** A gateway answering from scripts; its backend id is Stripe's unless another is given. */
export function scriptedGateway(script: { created?: PaymentMethodResult[]; confirmed?: ConfirmResult[]; backendId?: string }) {
  const created = [...(script.created ?? [{ id: 'pm_1' }])];
  const confirmed = [...(script.confirmed ?? [])];
  const gateway = {
    backendId: script.backendId ?? 'stripe',
    createPaymentMethod: vi.fn(async (_input: { billingName: string }) => created.shift() ?? { id: 'pm_x' }),
    confirmPayment: vi.fn(async (_secret: string, _pm?: string) => {
      const answer = confirmed.shift();
      if (!answer) throw new Error('unexpected confirmation');
      return answer;
    }),
  } satisfies PaymentProcessor & { backendId: string };
  return gateway;
}

/** A store with a signed-in visitor and a filled card form, and an analytics log. */
export function funnel(): { store: FunnelState; events: AnalyticsEvent[]; analytics: ReturnType<typeof createAnalytics>; names: () => string[] } {
  const store = createFunnelStore(productSlices);
  Object.assign(store.signup, { token: 'token', accountId: '42', accountEmail: 'ada@example.com' });
  store.checkout.cardholderName = 'Ada Lovelace';
  const events: AnalyticsEvent[] = [];
  const analytics = createAnalytics([memorySink(events)]);
  return { store, events, analytics, names: () => events.map((e) => e.name) };
}

export const done = (result: ResultData): ScriptedPoll => ({ pending: false, result });
export const pending = (retryAfterMs?: number): ScriptedPoll => ({ pending: true, retryAfterMs });
export const paid = (id = 'sub_1', final = 29.94, regular = 59.88): ScriptedPoll =>
  done({ status: 'succeeded', subscription_id: id, price_with_discount: final, regular_price: regular });

/** A scripted answer as the engine reads it (through the portal adapter's mapping). */
export const asPoll = (answer: ScriptedPoll): PollAnswer => (answer.pending ? answer : { pending: false, result: subscriptionResultOf(answer.result) });

/** A card purchase record under way for `account` (claimed, nothing sent yet), with `patch` applied. */
export const openRecord = (account: string, plan: string, patch: Partial<PurchaseRecord> = {}): PurchaseRecord => ({
  account,
  plan,
  idempotencyKey: 'k',
  fbEventId: 'e',
  paymentMethodId: '',
  pollingId: '',
  startedAt: 1,
  status: 'processing',
  checkoutPath: '/checkout',
  successPath: '',
  ...patch,
});
