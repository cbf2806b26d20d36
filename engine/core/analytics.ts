/**
 * The analytics port: `track`, `identify` and `page`, fanned out to sinks. The funnel only talks to
 * the port; which services receive the events is configuration.
 */

/** What every event carries besides its own properties (filled by the port's context reader). */
export interface EventContext {
  /** The landing type (variant id) of the visit. */
  landing_type?: string;
  /** The build's version stamp (FunnelConfig.flowVersion): which flows, texts and engine the visitor was shown. */
  flow_version?: string;
  /** Experiment id -> variation id the visitor is assigned to. */
  experiments?: Record<string, string>;
  /** Segment's `context.campaign`: name, source, medium, term, content (from utm_*). */
  campaign?: Record<string, string>;
  /** The account id once the visitor has signed up (kept in the persisted signup state). */
  userId?: string;
  /** Segment's `context.page` when the event was made: path, referrer, search, title, url. */
  page?: { path: string; referrer: string; search: string; title: string; url: string };
  /** The browser's user agent and language (Segment's `context.userAgent` and `context.locale`). */
  userAgent?: string;
  locale?: string;
}

export interface AnalyticsEvent {
  kind: 'track' | 'identify' | 'page';
  name: string;
  props: Record<string, unknown>;
  userUuid: string;
  /** The account id of an identified visitor: set by `identify`, carried by every later event. */
  userId?: string;
  /** Unique per event: Segment's messageId and the ad pixels' event id (the server side de-duplicates by it). */
  id?: string;
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

let counter = 0;

/** A unique event id: a UUID where the browser has crypto.randomUUID (secure pages), else time, counter and randomness. */
export function newEventId(at: number = Date.now()): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${at.toString(36)}-${(++counter).toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Creates the port. A sink that throws never breaks the funnel.
 * @example const a = createAnalytics([memorySink(log)]); a.track('step_completed', { step: 'landing' });
 */
export function createAnalytics(sinks: AnalyticsSink[], now: () => number = Date.now, context?: () => EventContext): Analytics {
  let userUuid = '';
  let userId = '';
  const emit = (kind: AnalyticsEvent['kind'], name: string, props: Record<string, unknown> = {}): void => {
    if (kind === 'identify') userId = name;
    const at = now();
    const event: AnalyticsEvent = { kind, name, props, userUuid, id: newEventId(at), at };
    if (context) {
      try {
        event.context = context();
      } catch {
        /* a broken context reader must not lose the event */
      }
    }
    // the account id of this page's identify, else the one the restored store holds (a later page)
    const knownUser = userId || event.context?.userId;
    if (knownUser) event.userId = knownUser;
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
