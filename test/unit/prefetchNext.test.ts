import { describe, it, expect, vi } from 'vitest';
import { prefetchNext, preloadNextScreens, type FunnelEngine } from '../../engine/react/index.ts';
import type { StepRef } from '../../engine/index.ts';

/** A small funnel of its own: a fork from "ask" to "yes" (screen a) or "no" (screen b), and "end" (screen c). */
function engineOf() {
  const preloads = { a: vi.fn(() => Promise.resolve()), b: vi.fn(() => Promise.resolve()), c: vi.fn(() => Promise.reject(new Error('offline'))) };
  const ref = (id: string, screen: string): [string, StepRef] => [id, { id, flowId: 'f', step: { screen, path: `/${id}` } } as unknown as StepRef];
  const steps = new Map([ref('yes', 'a'), ref('no', 'b'), ref('end', 'c')]);
  const registry = { a: { preload: preloads.a }, b: { preload: preloads.b }, c: { preload: preloads.c } };
  return { engine: { steps, registry } as unknown as FunnelEngine, preloads };
}

describe('prefetchNext: what the next tap needs downloads while the visitor reads', () => {
  it('starts every branch of a fork and nothing else', () => {
    const { engine, preloads } = engineOf();
    preloadNextScreens(engine, { next: { default: 'yes', other: 'no' } });
    expect(preloads.a).toHaveBeenCalledOnce();
    expect(preloads.b).toHaveBeenCalledOnce();
    expect(preloads.c).not.toHaveBeenCalled();
  });

  it('waits for an idle moment, then starts the next screen; a failed download is left to the step', async () => {
    const { engine, preloads } = engineOf();
    let idle: (() => void) | undefined;
    const win = { requestIdleCallback: (cb: () => void) => ((idle = cb), 7), cancelIdleCallback: vi.fn() } as unknown as Window;
    prefetchNext(engine, { next: 'end' }, win);
    expect(preloads.c).not.toHaveBeenCalled();
    idle!();
    expect(preloads.c).toHaveBeenCalledOnce();
    await Promise.resolve(); // the rejected preload is caught, not unhandled
  });

  it('a step left before the idle moment cancels its prefetch', () => {
    const { engine, preloads } = engineOf();
    const cancelIdleCallback = vi.fn();
    const win = { requestIdleCallback: () => 7, cancelIdleCallback } as unknown as Window;
    prefetchNext(engine, { next: 'yes' }, win)();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    expect(preloads.a).not.toHaveBeenCalled();
  });

  it('on a prerendered landing, waits until the engine wants the later steps (first interaction or a while after load)', async () => {
    const { engine, preloads } = engineOf();
    let want: () => void = () => {};
    const wanted = new Promise<void>((resolve) => (want = resolve));
    let idle: (() => void) | undefined;
    const win = { requestIdleCallback: (cb: () => void) => ((idle = cb), 1) } as unknown as Window;
    prefetchNext({ ...engine, laterStepsWanted: wanted }, { next: 'yes' }, win);
    await Promise.resolve();
    expect(idle).toBeUndefined();
    want();
    await wanted;
    await Promise.resolve();
    idle!();
    expect(preloads.a).toHaveBeenCalledOnce();
  });

  it("calls back once the default next step's screen has arrived, or failed to; not for a step left before", async () => {
    const { engine } = engineOf();
    const idle: (() => void)[] = [];
    const win = { requestIdleCallback: (cb: () => void) => idle.push(cb), cancelIdleCallback: vi.fn() } as unknown as Window;
    const loaded = vi.fn();
    prefetchNext(engine, { next: { default: 'yes', other: 'no' } }, win, loaded);
    prefetchNext(engine, { next: 'end' }, win, loaded); // its download fails: still called, the screen is not there
    const left = vi.fn();
    const cancel = prefetchNext(engine, { next: 'yes' }, win, left);
    idle.splice(0).forEach((run) => run());
    cancel();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toHaveBeenCalledTimes(2);
    expect(left).not.toHaveBeenCalled();
  });

  it('a terminal step prefetches no screen', () => {
    const { engine, preloads } = engineOf();
    preloadNextScreens(engine, {});
    expect(Object.values(preloads).every((p) => p.mock.calls.length === 0)).toBe(true);
  });

  it("a screen that names what it needs gets the next step's props and the engine; one without is preloaded", async () => {
    const { engine, preloads } = engineOf();
    const prefetch = vi.fn(() => Promise.resolve());
    const steps = new Map(engine.steps);
    steps.set('yes', { id: 'yes', flowId: 'f', step: { screen: 'a', path: '/yes', props: { image: 'family' } } } as unknown as StepRef);
    const withPrefetch = { ...engine, steps, registry: { ...engine.registry, a: { preload: preloads.a, prefetch } } } as unknown as FunnelEngine;
    preloadNextScreens(withPrefetch, { next: { default: 'yes', other: 'no' } });
    expect(prefetch).toHaveBeenCalledWith({ image: 'family' }, withPrefetch);
    expect(preloads.a).not.toHaveBeenCalled(); // prefetch() loads the screen itself
    expect(preloads.b).toHaveBeenCalledOnce();
  });
});

describe("lazyScreen's prefetch", () => {
  it("loads the screen's module once, then calls its prefetch with the props and the engine", async () => {
    const { lazyScreen } = await import('../../engine/react/index.ts');
    const modulePrefetch = vi.fn();
    const load = vi.fn(async () => ({ default: () => null, prefetch: modulePrefetch }));
    const screen = lazyScreen<{ props: { art: string } }>(load);
    const engine = {} as FunnelEngine;
    await screen.prefetch({ art: 'circle' }, engine);
    await screen.preload();
    expect(load).toHaveBeenCalledOnce();
    expect(modulePrefetch).toHaveBeenCalledWith({ art: 'circle' }, engine);
  });

  it('a module without prefetch is only loaded; a failing module prefetch rejects (the caller drops it)', async () => {
    const { lazyScreen } = await import('../../engine/react/index.ts');
    await expect(lazyScreen(async () => ({ default: () => null })).prefetch({}, {} as FunnelEngine)).resolves.toBeUndefined();
    const failing = lazyScreen(async () => ({
      default: () => null,
      prefetch: () => {
        throw new Error('no pictures');
      },
    }));
    await expect(failing.prefetch({}, {} as FunnelEngine)).rejects.toThrow('no pictures');
  });
});
