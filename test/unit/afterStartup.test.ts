// @vitest-environment jsdom
import { afterStartup } from '../../engine/react/index.ts';
import { deferredSink, type AnalyticsEvent } from '../../engine/index.ts';

const event = (name: string): AnalyticsEvent => ({ kind: 'track', name, props: {}, userUuid: '', at: 0 });

describe('work deferred past start-up', () => {
  it('starts at the first interaction', async () => {
    let started = false;
    void afterStartup(60_000).then(() => (started = true));
    await Promise.resolve();
    expect(started).toBe(false);
    window.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(started).toBe(true));
  });

  it('starts by itself a while after the page has loaded', async () => {
    vi.useFakeTimers();
    let started = false;
    void afterStartup(3000).then(() => (started = true));
    await vi.advanceTimersByTimeAsync(2900);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(2200); // the delay, then the idle callback or its time-out
    expect(started).toBe(true);
    vi.useRealTimers();
  });

  it('holds analytics events until then and delivers them in order, later ones at once', async () => {
    const sent: string[] = [];
    let release!: () => void;
    const sink = deferredSink({ send: (e) => void sent.push(e.name) }, new Promise<void>((r) => (release = r)));
    sink.send(event('a'));
    sink.send(event('b'));
    expect(sent).toEqual([]);
    release();
    await vi.waitFor(() => expect(sent).toEqual(['a', 'b']));
    sink.send(event('c'));
    expect(sent).toEqual(['a', 'b', 'c']);
  });
});
