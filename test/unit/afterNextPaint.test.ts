/** afterNextPaint and whenIdle (engine/react/yieldToBrowser.ts): when their work runs, against a window whose frames, tasks and idle callbacks the test drives. */
import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint, whenIdle } from '../../engine/react/index.ts';

/** A window whose animation frames, timers and user-blocking tasks queue up until the test runs them. */
function fakeWindow(withPostTask: boolean) {
  const frames: Array<() => void> = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const tasks: Array<{ fn: () => void; priority: string }> = [];
  const win = {
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    ...(withPostTask
      ? {
          scheduler: {
            postTask(fn: () => void, options: { priority: string }) {
              expect(this).toBe(win.scheduler); // called as the scheduler's method
              tasks.push({ fn, priority: options.priority });
              return Promise.resolve();
            },
          },
        }
      : {}),
  } as unknown as Window & { scheduler: unknown };
  const frame = (): void => frames.splice(0).forEach((fn) => fn());
  return { win, frames, timers, tasks, frame };
}

describe('afterNextPaint', () => {
  it('with one frame: runs as a user-blocking task once that frame is painted, and only once', () => {
    const { win, timers, tasks, frame } = fakeWindow(true);
    const fn = vi.fn();
    afterNextPaint(fn, win, 1);
    expect(tasks).toHaveLength(0);
    frame();
    expect(tasks).toEqual([{ fn: expect.any(Function), priority: 'user-blocking' }]);
    expect(fn).not.toHaveBeenCalled();
    tasks[0]!.fn();
    expect(fn).toHaveBeenCalledTimes(1);
    // the cap for a tab that draws no frames does not run it again
    timers.filter((t) => t.ms > 0).forEach((t) => t.fn());
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('with one frame and no scheduler.postTask: a zero timeout after the frame', () => {
    const { win, timers, frame } = fakeWindow(false);
    const fn = vi.fn();
    afterNextPaint(fn, win, 1);
    frame();
    const zero = timers.find((t) => t.ms === 0)!;
    zero.fn();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('by default waits for two frames, then a zero timeout', () => {
    const { win, timers, tasks, frame } = fakeWindow(true);
    const fn = vi.fn();
    afterNextPaint(fn, win);
    frame();
    expect(timers.some((t) => t.ms === 0)).toBe(false);
    frame();
    expect(tasks).toHaveLength(0);
    timers.find((t) => t.ms === 0)!.fn();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs after 100 ms in a tab that draws no frames', () => {
    const { win, timers } = fakeWindow(true);
    const fn = vi.fn();
    afterNextPaint(fn, win, 1);
    const cap = timers.find((t) => t.ms === 100)!;
    cap.fn();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('whenIdle', () => {
  it('runs in an idle callback, at most 200 ms later, and can be cancelled', () => {
    const idle: Array<{ fn: () => void; timeout?: number }> = [];
    const cancelled: number[] = [];
    const win = {
      requestIdleCallback: (fn: () => void, options?: { timeout: number }) => idle.push({ fn, timeout: options?.timeout }),
      cancelIdleCallback: (id: number) => void cancelled.push(id),
    } as unknown as Window;
    const fn = vi.fn();
    const cancel = whenIdle(fn, win);
    expect(idle).toEqual([{ fn, timeout: 200 }]);
    expect(fn).not.toHaveBeenCalled();
    idle[0]!.fn();
    expect(fn).toHaveBeenCalledTimes(1);
    cancel();
    expect(cancelled).toEqual([1]);
    // a caller may wait longer for an idle moment (the next steps' downloads: prefetchNext.ts)
    whenIdle(fn, win, 1500);
    expect(idle[1]).toEqual({ fn, timeout: 1500 });
  });

  it('without idle callbacks: once the next frame is painted, unless cancelled before', () => {
    const { win, tasks, frame } = fakeWindow(true);
    const fn = vi.fn();
    whenIdle(fn, win);
    frame();
    tasks.splice(0).forEach((t) => t.fn());
    expect(fn).toHaveBeenCalledTimes(1);

    const later = vi.fn();
    const cancel = whenIdle(later, win);
    cancel();
    frame();
    tasks.splice(0).forEach((t) => t.fn());
    expect(later).not.toHaveBeenCalled();
  });
});
