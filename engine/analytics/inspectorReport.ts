/**
 * Preview only: what each browser-side destination was sent, posted in small batches to the
 * preview server's inspector log (the `/__events` page reads it).
 */
export function inspectorReporter(url: string, win: Window, flushMs = 300): (destination: string, call: unknown) => void {
  let pending: Array<{ destination: string; call: unknown; at: number }> = [];
  let timer = 0;
  const flush = (): void => {
    timer = 0;
    const body = JSON.stringify({ calls: pending });
    pending = [];
    void win.fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } }).catch(() => {});
  };
  return (destination, call) => {
    let safe: unknown;
    try {
      safe = JSON.parse(JSON.stringify(call)); // drops functions and Arguments quirks
    } catch {
      safe = String(call);
    }
    pending.push({ destination, call: safe, at: Date.now() });
    if (pending.length >= 20) flush();
    else timer ||= win.setTimeout(flush, flushMs);
  };
}
