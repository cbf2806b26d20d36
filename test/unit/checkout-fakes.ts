/** Fakes for the checkout machine tests: a scripted API, a scripted gateway and a virtual clock. */
import { vi } from 'vitest';
import { productSlices } from '../../screens/product/slices.ts';
import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { createFunnelStore, type FunnelState } from '../../engine/index.ts';
import type { PaymentProcessor, ConfirmResult, PaymentMethodResult } from '../../engine/payments/index.ts';
import { AbortedError, type Clock } from '../../engine/payments/index.ts';
import type { BraintreeResult, PollAnswer, SubscriptionApi, SubscriptionBody, BraintreeBody } from '../../engine/payments/index.ts';

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
type PollStep = PollAnswer | Error;

/** An API that answers from scripts; records every call. */
export function scriptedApi(script: { posts?: PostStep[]; polls?: PollStep[]; braintree?: Array<BraintreeResult | Error> }) {
  const posts = [...(script.posts ?? [])];
  const polls = [...(script.polls ?? [])];
  const braintree = [...(script.braintree ?? [])];
  const calls = {
    posts: [] as Array<{ plan: string; body: SubscriptionBody }>,
    polls: [] as string[],
    braintree: [] as Array<{ plan: string; body: BraintreeBody }>,
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
    postSubscription: vi.fn(async (plan: string, body: SubscriptionBody) => {
      calls.posts.push({ plan, body });
      return next(posts, 'subscription post');
    }),
    getPollingResult: vi.fn(async (id: string) => {
      calls.polls.push(id);
      return next(polls, 'poll');
    }),
    getReceipt: vi.fn(async () => {
      throw new Error('unexpected receipt lookup');
    }),
    postBraintreeSubscription: vi.fn(async (plan: string, body: BraintreeBody, idempotencyKey?: string) => {
      calls.braintree.push({ plan, body });
      calls.braintreeKeys.push(idempotencyKey);
      return next(braintree, 'braintree post');
    }),
  };
  return { api, calls };
}

/** A gateway answering from scripts. */
export function scriptedGateway(script: { created?: PaymentMethodResult[]; confirmed?: ConfirmResult[] }) {
  const created = [...(script.created ?? [{ id: 'pm_1' }])];
  const confirmed = [...(script.confirmed ?? [])];
  const gateway = {
    createPaymentMethod: vi.fn(async (_input: { billingName: string }) => created.shift() ?? { id: 'pm_x' }),
    confirmPayment: vi.fn(async (_secret: string, _pm?: string) => {
      const answer = confirmed.shift();
      if (!answer) throw new Error('unexpected confirmation');
      return answer;
    }),
  } satisfies PaymentProcessor;
  return gateway;
}

/** A store with a signed-in visitor and a filled card form, and an analytics log. */
export function funnel(): { store: FunnelState; events: AnalyticsEvent[]; analytics: ReturnType<typeof createAnalytics>; names: () => string[] } {
  const store = createFunnelStore(productSlices);
  store.signup.token = 'token';
  store.checkout.cardholderName = 'Ada Lovelace';
  const events: AnalyticsEvent[] = [];
  const analytics = createAnalytics([memorySink(events)]);
  return { store, events, analytics, names: () => events.map((e) => e.name) };
}

export const done = (result: Record<string, unknown>): PollAnswer => ({ pending: false, result });
export const pending = (retryAfterMs?: number): PollAnswer => ({ pending: true, retryAfterMs });
export const paid = (id = 'sub_1', final = 29.94, regular = 59.88): PollAnswer =>
  done({ status: 'succeeded', subscription_id: id, price_with_discount: final, regular_price: regular });
