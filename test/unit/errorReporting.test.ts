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
