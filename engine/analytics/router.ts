/**
 * Turns the destinations of the data file into sinks of the analytics port. Each destination holds
 * its events (a bounded queue) until the page has started up and it may run (its consent category,
 * and under a TCF CMP its purposes and vendor: consent.ts destinationStatus), then loads its code
 * and forwards; a refusal drops the queue and every later event. A destination whose code or script
 * fails to load drops its events: it never slows or breaks the funnel. What it still holds when the
 * page is left goes to the next page of the tab (RouterOptions.leftEvents).
 */
import type { AnalyticsEvent, AnalyticsSink } from '../core/analytics.ts';
import { destinationChoice, destinationStatus, type ConsentStore } from './consent.ts';
import { MAX_HELD_EVENTS } from './consentRules.ts';
import type { LeftEvents } from './leftEvents.ts';
import type { Destination, DestinationConfig, DestinationType } from './types.ts';

export { MAX_HELD_EVENTS };

export interface RouterOptions {
  registrations: readonly DestinationType[];
  consent: ConsentStore;
  /** Settles when third-party work may start (after the first paint). */
  ready: Promise<unknown>;
  window: Window;
  /**
   * Where a destination reports what it sent (the preview's inspector), with the event being delivered
   * when the call is made for one (set-up calls such as init or consent have none); absent in production.
   */
  report?: (destinationId: string, call: unknown, event?: AnalyticsEvent) => void;
  /** Told about a destination that cannot run (unknown type, bad settings, failed load). */
  warn?: (message: string) => void;
  /**
   * Where a destination leaves the events it still holds when the page is left (waiting for consent, or
   * for its code), keyed by its id, and finds those a previous page of the tab left it. Without it they
   * are lost with the page.
   */
  leftEvents?: LeftEvents;
}

/**
 * The category a destination waits for. Google's advanced consent mode (`settings.consentMode:
 * "advanced"`) loads the tag before any choice, with every signal denied (cookieless pings), so it
 * waits for none: its consent signals, not the router, carry the visitor's choice.
 */
function gateOf(config: DestinationConfig): DestinationConfig['category'] {
  return config.settings.consentMode === 'advanced' ? 'necessary' : config.category;
}

function gatedSink(config: DestinationConfig, registration: DestinationType, options: RouterOptions): AnalyticsSink {
  const { consent } = options;
  const category = gateOf(config);
  // what a previous page of the tab held for this destination comes first
  let held: AnalyticsEvent[] = options.leftEvents?.take(config.id) ?? [];
  let started = false;
  let destination: Destination | undefined;
  let state: 'waiting' | 'loading' | 'open' | 'dropped' = 'waiting';
  // the event being delivered: what the destination reports meanwhile is what it made of that event
  let delivering: AnalyticsEvent | undefined;

  const deliver = (event: AnalyticsEvent): void => {
    delivering = event;
    try {
      destination?.send(event);
    } catch {
      /* a destination failure must never stop the visitor */
    } finally {
      delivering = undefined;
    }
  };
  const drop = (): void => {
    held = [];
  };
  const open = (): void => {
    if (state !== 'waiting') return;
    state = 'loading';
    const env = {
      window: options.window,
      consent: destinationChoice(consent.get(), config),
      report: (call: unknown) => options.report?.(config.id, call, delivering),
    };
    registration.load().then(
      (create) => {
        destination = create(config, env);
        state = 'open';
        const queued = held;
        held = [];
        for (const event of queued) deliver(event);
      },
      () => {
        state = 'dropped';
        drop();
        options.warn?.(`analytics destination "${config.id}" could not load`);
      },
    );
  };
  const update = (): void => {
    const status = destinationStatus(consent.get(), config, category);
    if (status === 'refused') drop();
    else if (status === 'granted' && started) open();
  };
  consent.subscribe((s) => {
    if (destination?.consentChanged) destination.consentChanged(destinationChoice(s, config));
    update();
  });
  void options.ready.finally(() => {
    started = true;
    update();
  });
  // a page left before this destination opened (a quick step or a reload while its code loads) hands
  // its events to the next page, which delivers them once it opens there
  const { leftEvents } = options;
  if (leftEvents) {
    options.window.addEventListener('pagehide', () => {
      if (state !== 'open' && held.length && leftEvents.leave(config.id, held)) held = [];
    });
  }
  return {
    send(event) {
      const status = destinationStatus(consent.get(), config, category);
      if (status === 'refused' || state === 'dropped') return;
      if (state === 'open' && status === 'granted') return deliver(event);
      held.push(event);
      if (held.length > MAX_HELD_EVENTS) held.shift();
    },
  };
}

/** The sinks of a list of destinations; an entry of an unknown type or with bad settings is skipped (and warned about). */
export function destinationSinks(configs: readonly DestinationConfig[], options: RouterOptions): AnalyticsSink[] {
  const sinks: AnalyticsSink[] = [];
  for (const config of configs) {
    const registration = options.registrations.find((r) => r.type === config.type);
    const problems = registration ? registration.validate(config.settings) : [`unknown type "${config.type}"`];
    if (!registration || problems.length) {
      options.warn?.(`analytics destination "${config.id}" is off: ${problems.join('; ')}`);
      continue;
    }
    sinks.push(gatedSink(config, registration, options));
  }
  return sinks;
}
