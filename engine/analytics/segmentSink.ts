/** Creates the `segment-http` destination in the browser: a batch sink with page-hide beacons. */
import { createBatchSink, type BatchSettings } from './batchSink.ts';
import { browserTimeZone } from './consentRules.ts';
import { mappedName, type Destination, type DestinationConfig, type DestinationEnv } from './types.ts';

export function createSegmentSink(config: DestinationConfig, env: DestinationEnv): Destination {
  const win = env.window;
  const sink = createBatchSink(config.settings as unknown as BatchSettings, {
    fetch: (...args) => win.fetch(...args),
    sendBeacon: typeof win.navigator.sendBeacon === 'function' ? (url, body) => win.navigator.sendBeacon(url, body) : undefined,
    setTimeout: (fn, ms) => win.setTimeout(fn, ms),
    now: () => Date.now(),
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
  };
}
