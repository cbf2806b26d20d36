/** The lazy backend: the adapter loads on the first call, once; a chunk that fails to load is a call without an answer, tried again next time. */
import { describe, expect, it, vi } from 'vitest';
import { lazyBackend, type BackendContext, type FunnelBackend } from '../../engine/payments/gateways.ts';
import { PaymentApiError, type SubscriptionApi } from '../../engine/payments/index.ts';
import { funnel } from './checkout-fakes.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';

const request = {
  plan: 'gz-3-month-fox',
  gateway: 'stripe',
  paymentMethod: 'pm_1',
  coupon: '',
  eventId: 'evt-1',
  paymentIntentId: '',
  threeDSecure: false,
  upsell: false,
  currency: 'USD',
  extra: {},
};

function adapter(): FunnelBackend & { api: SubscriptionApi } {
  const api: SubscriptionApi = {
    postSubscription: vi.fn(async () => 'poll-1'),
    getPollingResult: vi.fn(async () => ({ pending: true as const })),
    postImmediateSubscription: vi.fn(async () => ({ subscriptionId: 'sub_1' })),
    getReceipt: vi.fn(async () => undefined),
  };
  return { api, subscriptions: vi.fn(() => api), loadPaymentSettings: vi.fn(async () => true) };
}

const context = (): BackendContext => {
  const f = funnel();
  return { store: f.store, analytics: f.analytics, config: PREVIEW_CONFIG };
};

describe('lazyBackend', () => {
  it('loads the adapter on the first call, once, and passes every call and the context on', async () => {
    const real = adapter();
    const load = vi.fn(async () => real);
    const backend = lazyBackend(load);
    expect(load).not.toHaveBeenCalled();
    const ctx = context();
    const api = backend.subscriptions(ctx);
    expect(await api.postSubscription(request)).toBe('poll-1');
    expect(await api.getPollingResult('poll-1')).toEqual({ pending: true });
    expect(await backend.loadPaymentSettings(ctx)).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.subscriptions).toHaveBeenCalledWith(ctx);
    expect(real.api.postSubscription).toHaveBeenCalledWith(request);
  });

  it('treats an adapter that does not load as no answer (status 0), and loads it again on the next call', async () => {
    const real = adapter();
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(real);
    const backend = lazyBackend(load);
    const api = backend.subscriptions(context());
    const failed = api.postSubscription(request);
    await expect(failed).rejects.toBeInstanceOf(PaymentApiError);
    await expect(failed).rejects.toMatchObject({ status: 0 });
    expect(await api.postSubscription(request)).toBe('poll-1');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preload() downloads the adapter before the first call, makes no call, and the calls then use that download', async () => {
    const real = adapter();
    const load = vi.fn(async () => real);
    const backend = lazyBackend(load);
    await backend.preload!();
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.subscriptions).not.toHaveBeenCalled();
    expect(await backend.subscriptions(context()).postSubscription(request)).toBe('poll-1');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers false for the payment settings when the adapter does not load', async () => {
    const backend = lazyBackend(() => Promise.reject(new Error('offline')));
    expect(await backend.loadPaymentSettings(context())).toBe(false);
  });
});
