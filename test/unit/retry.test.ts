import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { GENERIC_RETRY, genericRetry, networkType, PAYMENT_SETTINGS_RETRY, retry } from '../../engine/index.ts';
import { queuedErrors, reportRetryFailure, resetErrorReporting } from '../../engine/index.ts';

describe('retry', () => {
  it('payment settings: 2 more tries, 1 s apart', async () => {
    const sleeps: number[] = [];
    const fn = vi.fn().mockRejectedValueOnce(new Error('a')).mockRejectedValueOnce(new Error('b')).mockResolvedValue('ok');
    await expect(retry(fn, { ...PAYMENT_SETTINGS_RETRY, sleep: async (ms) => void sleeps.push(ms) })).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it('generic helper: 3 tries, then rejects with the last error and reports', async () => {
    const onGiveUp = vi.fn();
    const fn = vi.fn().mockRejectedValue(new Error('down'));
    await expect(retry(fn, { ...GENERIC_RETRY, sleep: async () => {}, onGiveUp })).rejects.toThrow('down');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(onGiveUp).toHaveBeenCalledOnce();
  });

  it('generic retry: after 3 tries 1 s apart it reports the network type with the last error, then rejects', async () => {
    const sleeps: number[] = [];
    const report = vi.fn();
    const fn = vi.fn().mockRejectedValue(new Error('chunk down'));
    const offline = { onLine: false } as Navigator;
    await expect(genericRetry(fn, report, { sleep: async (ms) => void sleeps.push(ms), navigator: offline })).rejects.toThrow('chunk down');
    expect(fn).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([1000, 1000]);
    expect(report).toHaveBeenCalledExactlyOnceWith({ error: new Error('chunk down'), network: 'offline' });
    // a success on a later try reports nothing
    const flaky = vi.fn().mockRejectedValueOnce(new Error('once')).mockResolvedValue('ok');
    await expect(genericRetry(flaky, report, { sleep: async () => {}, navigator: offline })).resolves.toBe('ok');
    expect(report).toHaveBeenCalledOnce();
  });

  it('reportRetryFailure sends the network type to error reporting as a chunk-load error', () => {
    resetErrorReporting();
    reportRetryFailure({ error: new Error('Failed to fetch'), network: '3g' });
    const [queued] = queuedErrors();
    expect(queued?.source).toBe('chunk-load');
    expect((queued?.error as Error).message).toBe('Loading chunk failed after 3 tries (network: 3g): Failed to fetch');
    resetErrorReporting();
  });

  it('reports the network type', () => {
    expect(networkType({ onLine: false } as Navigator)).toBe('offline');
    expect(networkType({ onLine: true, connection: { effectiveType: '3g' } } as unknown as Navigator)).toBe('3g');
    expect(networkType(undefined)).toBe('unknown');
  });
});

describe('analytics port', () => {
  it('fans events out to every sink with the visitor id, and survives a failing sink', () => {
    const log: AnalyticsEvent[] = [];
    const analytics = createAnalytics(
      [
        {
          send: () => {
            throw new Error('sink down');
          },
        },
        memorySink(log),
      ],
      () => 42,
    );
    analytics.setVisitor('v-1');
    analytics.track('quiz_answered', { question: 'locate' });
    analytics.identify('u-9', { email: 'a@b.co' });
    analytics.page('/signup');
    // each event has an id of its own (the Segment messageId and the pixel's eventID); after identify, the user id
    const id = expect.any(String) as unknown as string;
    expect(log).toEqual([
      { kind: 'track', name: 'quiz_answered', props: { question: 'locate' }, userUuid: 'v-1', at: 42, id },
      { kind: 'identify', name: 'u-9', props: { email: 'a@b.co' }, userUuid: 'v-1', userId: 'u-9', at: 42, id },
      { kind: 'page', name: '/signup', props: {}, userUuid: 'v-1', userId: 'u-9', at: 42, id },
    ]);
    expect(new Set(log.map((e) => e.id)).size).toBe(3);
  });
});
