/**
 * The analytics port: `track`, `identify` and `page`, fanned out to sinks. The funnel only talks to
 * the port; which services receive the events is configuration. Every message after a page view
 * carries that page's context (`context.page`: path, url, title, referrer), and a step's page view
 * goes before the events fired on that step: a step arriving calls `holdUntilPage`, and what is
 * tracked until its page view is sent after it, with its context.
 */

/** What every event carries besides its own properties (filled by the port's context reader). */
export interface EventContext {
  /** The landing type (variant id) of the visit. */
  landing_type?: string;
  /** The build's version stamp (FunnelConfig.flowVersion): which flows, texts and engine the visitor was shown. */
  flow_version?: string;
  /** Experiment id -> the landing type the visitor is assigned to (the exposure reports GrowthBook's variation id). */
  experiments?: Record<string, string>;
  /** Segment's `context.campaign`: name, source, medium, term, content (from utm_*). */
  campaign?: Record<string, string>;
  /** The account id once the visitor has signed up (kept in the persisted signup state). */
  userId?: string;
  /** Segment's `context.page`: the page the event belongs to (path, referrer, search, title, url). */
  page?: PageContext;
  /** The browser's user agent and language (Segment's `context.userAgent` and `context.locale`). */
  userAgent?: string;
  locale?: string;
}

/** Segment's `context.page`. */
export interface PageContext {
  path: string;
  referrer: string;
  search: string;
  title: string;
  url: string;
}

export interface AnalyticsEvent {
  kind: 'track' | 'identify' | 'page';
  name: string;
  props: Record<string, unknown>;
  userUuid: string;
  /** The account id of an identified visitor: set by `identify`, carried by every later event. */
  userId?: string;
  /** Unique per event: Segment's messageId and the ad pixels' event id (the server side de-duplicates by it);
   * the `event_id` property when the event has one (Order Completed: the subscription call's fb_event_id). */
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
  /**
   * A page view. `page` is the page's own context (its address at arrival and its title) when it is no
   * longer the document's (a view sent after the visitor moved on); else it is read when the view is made.
   */
  page(path: string, props?: Record<string, unknown>, page?: PageContext): void;
  /**
   * Holds every event until the next page view, then sends them after it with its page context (a
   * step is arriving: what its screens track as they mount belongs to its page, which is sent once
   * the document has the step's title).
   */
  holdUntilPage(): void;
  /** Sets the visitor id every later event carries. */
  setVisitor(userUuid: string): void;
}

/** Events held for an arriving step's page view; past this the oldest go without waiting (a page view that never comes). */
export const MAX_HELD_FOR_PAGE = 50;

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
  // the context of the last page view: the page every later message belongs to
  let currentPage: PageContext | undefined;
  // events held until the arriving step's page view (holdUntilPage)
  let held: AnalyticsEvent[] | undefined;
  const deliver = (event: AnalyticsEvent): void => {
    for (const sink of sinks) {
      try {
        sink.send(event);
      } catch {
        /* an analytics failure must never stop the visitor */
      }
    }
  };
  const emit = (kind: AnalyticsEvent['kind'], name: string, props: Record<string, unknown> = {}, page?: PageContext): void => {
    if (kind === 'identify') userId = name;
    const at = now();
    // an event that names its own id (a purchase: the subscription call's fb_event_id) keeps it, so the
    // backend's server-side copy (scripts/relay) carries the same Segment messageId and pixel eventID
    const ownId = typeof props.event_id === 'string' && props.event_id ? props.event_id : undefined;
    const event: AnalyticsEvent = { kind, name, props, userUuid, id: ownId ?? newEventId(at), at };
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
    if (kind !== 'page') {
      if (event.context?.page && currentPage) event.context.page = currentPage;
      if (!held) return deliver(event);
      held.push(event);
      if (held.length > MAX_HELD_FOR_PAGE) deliver(held.shift()!);
      return;
    }
    if (event.context && page) event.context.page = page;
    currentPage = event.context?.page;
    deliver(event);
    const waiting = held ?? [];
    held = undefined;
    for (const later of waiting) {
      if (later.context?.page && currentPage) later.context.page = currentPage;
      // it happened on this page: never timed before its page view (a warehouse orders by time)
      later.at = Math.max(later.at, event.at);
      deliver(later);
    }
  };
  return {
    track: (name, props) => emit('track', name, props),
    identify: (userId, traits) => emit('identify', userId, traits),
    page: (path, props, page) => emit('page', path, props, page),
    holdUntilPage: () => {
      held ??= [];
    },
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
