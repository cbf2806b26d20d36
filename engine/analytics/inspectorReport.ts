/**
 * Preview only: what each browser-side destination was sent, posted in small batches to the
 * preview server's inspector log (the `/__events` page reads it). A call made for an event carries
 * the event's id, kind and name, so the page shows every destination's form of one event side by side.
 */
import type { AnalyticsEvent } from '../core/analytics.ts';

/** The event a reported call was made for. */
interface ReportedEvent {
  id: string;
  kind: string;
  name: string;
  userUuid: string;
}

export function inspectorReporter(url: string, win: Window, flushMs = 300): (destination: string, call: unknown, event?: AnalyticsEvent) => void {
  let pending: Array<{ destination: string; call: unknown; at: number; event?: ReportedEvent }> = [];
  let timer = 0;
  const flush = (): void => {
    timer = 0;
    const body = JSON.stringify({ calls: pending });
    pending = [];
    void win.fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } }).catch(() => {});
  };
  return (destination, call, event) => {
    let safe: unknown;
    try {
      safe = JSON.parse(JSON.stringify(call)); // drops functions and Arguments quirks
    } catch {
      safe = String(call);
    }
    const about = event?.id ? { event: { id: event.id, kind: event.kind, name: event.name, userUuid: event.userUuid } } : {};
    pending.push({ destination, call: safe, at: Date.now(), ...about });
    if (pending.length >= 20) flush();
    else timer ||= win.setTimeout(flush, flushMs);
  };
}
