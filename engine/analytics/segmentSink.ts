/**
 * Creates the `segment-http` destination in the browser: a batch sink with page-hide beacons. Each
 * message carries the visitor's consent as it stands when the message is made (Segment's
 * `context.consent`), so a change of mind reaches every later message.
 */
import { createBatchSink, type BatchSettings } from './batchSink.ts';
import { browserTimeZone } from './consentRules.ts';
import { segmentConsent } from './segmentConsent.ts';
import { mappedName, type Destination, type DestinationConfig, type DestinationEnv } from './types.ts';

export function createSegmentSink(config: DestinationConfig, env: DestinationEnv): Destination {
  const win = env.window;
  const categoryIds = config.settings.consentCategories as Record<string, string> | undefined;
  let consent = segmentConsent(env.consent, categoryIds);
  const sink = createBatchSink(config.settings as unknown as BatchSettings, {
    fetch: (...args) => win.fetch(...args),
    sendBeacon: typeof win.navigator.sendBeacon === 'function' ? (url, body) => win.navigator.sendBeacon(url, body) : undefined,
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
    now: () => Date.now(),
    consent: () => consent,
    timezone: browserTimeZone(win as unknown as Parameters<typeof browserTimeZone>[0]) || undefined,
    onHide: (fn) => {
      win.addEventListener('pagehide', fn);
      win.document.addEventListener('visibilitychange', () => {
        if (win.document.visibilityState === 'hidden') fn();
      });
    },
  });
  return {
    send(event) {
      const name = mappedName(event, config.events);
      if (name === undefined) return;
      sink.send(event.kind === 'track' ? { ...event, name } : event);
    },
    consentChanged(choice) {
      consent = segmentConsent(choice, categoryIds);
    },
  };
}
