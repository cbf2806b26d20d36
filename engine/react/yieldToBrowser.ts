/** The Prioritized Task Scheduling API, where the browser has it (Chromium). */
interface TaskScheduler {
  yield?: () => Promise<void>;
  postTask?: (callback: () => void, options: { priority: 'user-blocking' }) => Promise<void>;
}

const schedulerOf = (win: Window): TaskScheduler | undefined => (win as Window & { scheduler?: TaskScheduler }).scheduler;

/**
 * Ends the current task and resumes in a new one, so the work before and after does not add up to
 * one long task (the browser can paint and handle input in between). `scheduler.yield()` where the
 * browser has it (the continuation keeps its place ahead of other tasks), a zero timeout elsewhere.
 * @example await yieldToBrowser(); // then hydrate
 */
export function yieldToBrowser(win: Window = window): Promise<void> {
  const scheduler = schedulerOf(win);
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}

/** How long `afterNextPaint` waits for a frame at most (a hidden tab draws none). */
const FRAME_WAIT_CAP_MS = 100;

/**
 * Runs `fn` once, in a task after the next `frames` frames (two unless told; or after FRAME_WAIT_CAP_MS
 * without frames). With two, what was just put on the page is painted and the frame after it is not
 * held up by `fn` if `fn` is long; with one, `fn` runs as soon as the next frame is painted, as a
 * user-blocking task where the browser has `scheduler.postTask` (a zero timeout can wait behind the
 * frames after it).
 */
export function afterNextPaint(fn: () => void, win: Window = window, frames: 1 | 2 = 2): void {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    fn();
  };
  const scheduler = schedulerOf(win);
  const afterFrame = (): void => {
    if (frames === 1 && typeof scheduler?.postTask === 'function') void scheduler.postTask(run, { priority: 'user-blocking' });
    else win.setTimeout(run, 0);
  };
  win.requestAnimationFrame(frames === 1 ? afterFrame : () => win.requestAnimationFrame(afterFrame));
  win.setTimeout(run, FRAME_WAIT_CAP_MS);
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** How long `whenIdle` waits for an idle moment at most, unless told. */
const IDLE_WAIT_CAP_MS = 200;

/**
 * Runs `fn` once, when the main thread is idle (`requestIdleCallback`, at most `timeoutMs` later),
 * for work that shows nothing and should not hold up the frames of a step just painted (moving focus
 * for assistive technology, a request or a download later steps need); after the next paint where
 * the browser has no idle callbacks. Returns a cancel.
 * @example const cancel = whenIdle(() => heading.focus());
 */
export function whenIdle(fn: () => void, win: Window = window, timeoutMs = IDLE_WAIT_CAP_MS): () => void {
  const idle = win as IdleWindow;
  let cancelled = false;
  if (typeof idle.requestIdleCallback !== 'function') {
    afterNextPaint(() => cancelled || fn(), win, 1);
    return () => void (cancelled = true);
  }
  const id = idle.requestIdleCallback(fn, { timeout: timeoutMs });
  return () => idle.cancelIdleCallback?.(id);
}
