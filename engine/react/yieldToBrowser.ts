/**
 * Ends the current task and resumes in a new one, so the work before and after does not add up to
 * one long task (the browser can paint and handle input in between). `scheduler.yield()` where the
 * browser has it (the continuation keeps its place ahead of other tasks), a zero timeout elsewhere.
 * @example await yieldToBrowser(); // then hydrate
 */
export function yieldToBrowser(win: Window = window): Promise<void> {
  const scheduler = (win as Window & { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => win.setTimeout(resolve, 0));
}
