/**
 * The analytics port: `track`, `identify` and `page`, fanned out to sinks. The funnel only talks to
 * the port; which services receive the events is configuration.
 */

/** What every event carries besides its own properties (filled by the port's context reader). */
export interface EventContext {
  /** The landing type (variant id) of the visit. */
  landing_type?: string;
  /** Experiment id -> variation id the visitor is assigned to. */
  experiments?: Record<string, string>;
  /** Segment's `context.campaign`: name, source, medium, term, content (from utm_*). */
  campaign?: Record<string, string>;
}

export interface AnalyticsEvent {
  kind: 'track' | 'identify' | 'page';
  name: string;
  props: Record<string, unknown>;
  userUuid: string;
  at: number;
  /** Read when the event is made; absent when the port has no context reader. */
  context?: EventContext;
}

export interface AnalyticsSink {
  send(event: AnalyticsEvent): void;
}

export interface Analytics {
  track(name: string, props?: Record<string, unknown>): void;
  identify(userId: string, traits?: Record<string, unknown>): void;
  page(path: string, props?: Record<string, unknown>): void;
  /** Sets the visitor id every later event carries. */
  setVisitor(userUuid: string): void;
}

/**
 * Creates the port. A sink that throws never breaks the funnel.
 * @example const a = createAnalytics([memorySink(log)]); a.track('step_completed', { step: 'landing' });
 */
export function createAnalytics(sinks: AnalyticsSink[], now: () => number = Date.now, context?: () => EventContext): Analytics {
  let userUuid = '';
  const emit = (kind: AnalyticsEvent['kind'], name: string, props: Record<string, unknown> = {}): void => {
    const event: AnalyticsEvent = { kind, name, props, userUuid, at: now() };
    if (context) {
      try {
        event.context = context();
      } catch {
        /* a broken context reader must not lose the event */
      }
    }
    for (const sink of sinks) {
      try {
        sink.send(event);
      } catch {
        /* an analytics failure must never stop the visitor */
      }
    }
  };
  return {
    track: (name, props) => emit('track', name, props),
    identify: (userId, traits) => emit('identify', userId, traits),
    page: (path, props) => emit('page', path, props),
    setVisitor: (id) => {
      userUuid = id;
    },
  };
}

/** Holds events back until `ready` settles, then delivers them in order (and every later one at once). */
export function deferredSink(sink: AnalyticsSink, ready: Promise<unknown>): AnalyticsSink {
  let queue: AnalyticsEvent[] | undefined = [];
  void ready.finally(() => {
    const held = queue ?? [];
    queue = undefined;
    for (const event of held) {
      try {
        sink.send(event);
      } catch {
        /* an analytics failure must never stop the visitor */
      }
    }
  });
  return { send: (event) => (queue ? void queue.push(event) : sink.send(event)) };
}

/** Keeps events in an array (tests, debugging). */
export function memorySink(log: AnalyticsEvent[]): AnalyticsSink {
  return { send: (event) => void log.push(event) };
}

/**
 * Posts each event as JSON to a collector URL, with sendBeacon where available so events survive a
 * page change, else fetch with keepalive.
 */
export function httpSink(url: string): AnalyticsSink {
  return {
    send(event) {
      const body = JSON.stringify(event);
      if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
        if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
      }
      void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
    },
  };
}
