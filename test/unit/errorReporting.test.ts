/** The boot-time capture queues errors until the adapter loads after the first paint, then forwards them with tags. */
import {
  connectReporter,
  MAX_QUEUED_ERRORS,
  queuedErrors,
  reportError,
  resetErrorReporting,
  setErrorContext,
  startErrorReporting,
  type ErrorReporter,
  type ErrorReportingOptions,
} from '../../engine/index.ts';
import { errorContextReader, stepIdForPath } from '../../engine/react/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { getVariant } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';

/** A window with an event bus, a controllable load state and idle callbacks run by the test. */
function fakeWindow(readyState: DocumentReadyState = 'loading') {
  const target = new EventTarget();
  const idle: Array<() => void> = [];
  const win = {
    addEventListener: target.addEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    document: { readyState } as Document,
    setTimeout: ((fn: () => void) => idle.push(fn)) as unknown as Window['setTimeout'],
    requestIdleCallback: ((fn: () => void) => idle.push(fn)) as unknown as Window['requestIdleCallback'],
  };
  return { win, idle, target };
}

function recorder() {
  const calls: Array<{ error: unknown; source: string; tags: Record<string, string> }> = [];
  const reporter: ErrorReporter = { capture: (error, source, tags) => void calls.push({ error, source, tags: { ...tags } }) };
  return { calls, reporter };
}

const uncaught = (error: Error) => Object.assign(new Event('error'), { error, message: error.message });
const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

afterEach(() => resetErrorReporting());

describe('error reporting start-up', () => {
  it('loads nothing and captures nothing when the DSN is empty', () => {
    const { win, idle } = fakeWindow('complete');
    const load = vi.fn();
    startErrorReporting({ dsn: '', release: 'r', load, window: win as unknown as ErrorReportingOptions['window'] });
    win.dispatchEvent(uncaught(new Error('x')));
    expect(idle).toHaveLength(0);
    expect(load).not.toHaveBeenCalled();
    expect(queuedErrors()).toHaveLength(0);
  });

  it('queues errors from boot, loads the adapter only after load and idle, then forwards them in order', async () => {
    const { win, idle } = fakeWindow('loading');
    const { calls, reporter } = recorder();
    const load = vi.fn(async () => reporter);
    setErrorContext(() => ({ step: 'landing', variant: 'promo' }));
    startErrorReporting({ dsn: '/sandbox/sentry/1', release: 'funnel@1', load, window: win as unknown as ErrorReportingOptions['window'] });

    win.dispatchEvent(uncaught(new Error('early')));
    win.dispatchEvent(rejection('rejected'));
    expect(queuedErrors().map((q) => q.source)).toEqual(['uncaught', 'unhandled-rejection']);
    expect(idle).toHaveLength(0); // not before the load event

    win.dispatchEvent(new Event('load'));
    expect(load).not.toHaveBeenCalled(); // not before the browser is idle
    idle.shift()!();
    expect(load).toHaveBeenCalledWith({ dsn: '/sandbox/sentry/1', release: 'funnel@1' });
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]).toMatchObject({ source: 'uncaught', tags: { step: 'landing', variant: 'promo', release: 'funnel@1' } });
    expect((calls[0]!.error as Error).message).toBe('early');
    expect(calls[1]).toMatchObject({ error: 'rejected', source: 'unhandled-rejection' });

    reportError(new Error('later'), 'error-boundary');
    expect(calls[2]).toMatchObject({ source: 'error-boundary' });
  });

  it('a healthy page never loads the adapter: only an error to send does', async () => {
    const { win, idle } = fakeWindow('complete');
    const { calls, reporter } = recorder();
    const load = vi.fn(async () => reporter);
    startErrorReporting({
      dsn: '/s/1',
      release: 'r',
      environment: 'preview',
      tracesSampleRate: 0.1,
      load,
      window: win as unknown as ErrorReportingOptions['window'],
    });
    idle.shift()!();
    expect(load).not.toHaveBeenCalled();
    win.dispatchEvent(uncaught(new Error('now')));
    expect(load).toHaveBeenCalledWith({ dsn: '/s/1', release: 'r', environment: 'preview', tracesSampleRate: 0.1 });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
  });

  it('follows the consent rule: errors wait while the visitor has not decided, go once allowed, and a refusal drops them all', async () => {
    const listeners: Array<() => void> = [];
    let allowed: boolean | undefined;
    const consent = { allowed: () => allowed, subscribe: (l: () => void) => void listeners.push(l) };
    const { win, idle } = fakeWindow('complete');
    const { calls, reporter } = recorder();
    const load = vi.fn(async () => reporter);
    startErrorReporting({ dsn: '/s/1', release: 'r', consent, load, window: win as unknown as ErrorReportingOptions['window'] });
    idle.shift()!();
    win.dispatchEvent(uncaught(new Error('before the choice')));
    expect(load).not.toHaveBeenCalled();
    expect(queuedErrors()).toHaveLength(1);
    allowed = true;
    listeners.forEach((l) => l());
    await vi.waitFor(() => expect(calls.map((c) => (c.error as Error).message)).toEqual(['before the choice']));

    resetErrorReporting();
    const refusing = { allowed: () => allowed, subscribe: (l: () => void) => void listeners.push(l) };
    const second = fakeWindow('complete');
    const load2 = vi.fn(async () => reporter);
    allowed = undefined;
    startErrorReporting({ dsn: '/s/1', release: 'r', consent: refusing, load: load2, window: second.win as unknown as ErrorReportingOptions['window'] });
    second.idle.shift()!();
    second.win.dispatchEvent(uncaught(new Error('waits')));
    allowed = false;
    listeners.forEach((l) => l());
    expect(queuedErrors()).toHaveLength(0);
    second.win.dispatchEvent(uncaught(new Error('after Reject all')));
    expect(queuedErrors()).toHaveLength(0);
    expect(load2).not.toHaveBeenCalled();
  });

  it('keeps the tags an error had when it happened, and a bounded queue', () => {
    let step = 'landing';
    setErrorContext(() => ({ step, variant: 'fullPrice' }));
    reportError(new Error('first'), 'uncaught');
    step = 'quiz';
    for (let i = 0; i < MAX_QUEUED_ERRORS + 10; i++) reportError(new Error(`loop ${i}`), 'uncaught');
    expect(queuedErrors()).toHaveLength(MAX_QUEUED_ERRORS);
    const { calls, reporter } = recorder();
    connectReporter(reporter);
    expect(calls[0]!.tags.step).toBe('landing');
    expect(calls[1]!.tags.step).toBe('quiz');
  });

  it('survives a reporter or a context that throws', () => {
    setErrorContext(() => {
      throw new Error('no store');
    });
    connectReporter({
      capture: () => {
        throw new Error('offline');
      },
    });
    expect(() => reportError(new Error('x'), 'uncaught')).not.toThrow();
  });
});

describe('step and variant tags', () => {
  it('names the entry step of a landing path and a step by its own path', () => {
    const entry = funnelData.flows[getVariant(funnelData.landings, 'fullPrice')!.flow]!.entry;
    expect(stepIdForPath(funnelData, '/')).toBe(entry);
    const someStep = Object.values(funnelData.flows)
      .flatMap((f) => Object.entries(f.steps))
      .find(([, s]) => s.path && s.path !== '/');
    expect(stepIdForPath(funnelData, someStep![1].path!)).toBe(someStep![0]);
    expect(stepIdForPath(funnelData, '/no-such-page')).toBe('');
  });

  it('reads the variant from the landing path, else the recorded landing type', () => {
    const store = createFunnelStore(productSlices);
    store.plans.landingType = 'promo';
    expect(errorContextReader(funnelData, store, { pathname: '/' })().variant).toBe('fullPrice');
    expect(errorContextReader(funnelData, store, { pathname: '/no-such-page' })().variant).toBe('promo');
  });
});
