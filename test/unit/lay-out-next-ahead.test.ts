/**
 * The step after the one being read is rendered out of sight once and laid out, so the tap that opens
 * it finds its fonts and styles set up (engine/react/warmLayout.ts, layOutNextAhead).
 */
import { describe, expect, it, vi } from 'vitest';
import { layOutNextAhead } from '../../engine/react/routes.ts';
import type { FunnelEngine } from '../../engine/react/index.ts';
import type { StepRef } from '../../engine/index.ts';

/** "plans" (paywall) leads to "checkout" by default and to "signup" on needsSignup; "download" ends. */
function engineOf(warmable: Record<string, boolean>) {
  const ref = (id: string, screen: string, path?: string): [string, StepRef] => [id, { id, flowId: 'f', step: { screen, path } } as unknown as StepRef];
  const steps = new Map([
    ref('checkout', 'checkout', '/checkout'),
    ref('signup', 'signup-email', '/signup'),
    ref('quiz-2', 'quiz', '/quiz-2'),
    ref('hidden', 'download'),
  ]);
  const registry = Object.fromEntries(Object.entries(warmable).map(([screen, yes]) => [screen, { warmable: () => yes }]));
  return { steps, registry } as unknown as Pick<FunnelEngine, 'steps' | 'registry'>;
}

function idleWindow() {
  const idle = new Map<number, () => void>();
  let id = 0;
  const win = {
    requestIdleCallback: (cb: () => void) => (idle.set(++id, cb), id),
    cancelIdleCallback: (n: number) => idle.delete(n),
  } as unknown as Window;
  const run = (): void => {
    const due = [...idle.values()];
    idle.clear();
    due.forEach((cb) => cb());
  };
  return { win, run, pending: () => idle.size };
}

describe('layOutNextAhead: the next step laid out while this one is read', () => {
  it('at an idle moment, asks for the default next step to be rendered only to be laid out; leaving releases it', () => {
    const engine = engineOf({ checkout: true, 'signup-email': true });
    const { win, run } = idleWindow();
    const release = vi.fn();
    const prepare = vi.fn(() => release);
    const leave = layOutNextAhead(engine, { screen: 'paywall', next: { default: 'checkout', needsSignup: 'signup' } }, prepare, win);
    expect(prepare).not.toHaveBeenCalled();
    run();
    expect(prepare).toHaveBeenCalledExactlyOnceWith('/checkout', { layoutOnly: true });
    leave();
    expect(release).toHaveBeenCalledOnce();
  });

  it('a step left before the idle moment asks for nothing', () => {
    const { win, run, pending } = idleWindow();
    const prepare = vi.fn(() => () => {});
    layOutNextAhead(engineOf({ checkout: true }), { screen: 'paywall', next: 'checkout' }, prepare, win)();
    expect(pending()).toBe(0);
    run();
    expect(prepare).not.toHaveBeenCalled();
  });

  it('asks for nothing when the next screen may not be rendered ahead, is of the same type, has no route, or the step ends', () => {
    const { win, run, pending } = idleWindow();
    const prepare = vi.fn(() => () => {});
    const engine = engineOf({ checkout: false, quiz: true, download: true });
    layOutNextAhead(engine, { screen: 'paywall', next: 'checkout' }, prepare, win);
    layOutNextAhead(engine, { screen: 'quiz', next: 'quiz-2' }, prepare, win);
    layOutNextAhead(engine, { screen: 'paywall', next: 'hidden' }, prepare, win);
    layOutNextAhead(engine, { screen: 'download' }, prepare, win);
    expect(pending()).toBe(0);
    run();
    expect(prepare).not.toHaveBeenCalled();
  });

  it('asks for nothing where the browser cannot tell idle time (the extra render must not meet a tap)', () => {
    const prepare = vi.fn(() => () => {});
    layOutNextAhead(engineOf({ checkout: true }), { screen: 'paywall', next: 'checkout' }, prepare, {} as Window);
    expect(prepare).not.toHaveBeenCalled();
  });
});
