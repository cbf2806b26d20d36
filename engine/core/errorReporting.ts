/**
 * The error-reporting port. A tiny capture is installed at boot (window `error` and
 * `unhandledrejection`); it queues what happens, and only when there is an error to send (and the
 * page has loaded, and the consent rule allows it) loads the reporting service's code, then forwards
 * everything: a healthy page never loads it. Under a consent rule, a refusal drops the queue and
 * every later error. Each report carries tags: the step, the variant (landing type) and the release.
 * Which service receives the errors is composition, not engine.
 */

export type ErrorSource = 'uncaught' | 'unhandled-rejection' | 'chunk-load' | 'error-boundary';

export interface ErrorTags {
  step: string;
  variant: string;
  release: string;
}

/** A reporting service (the adapter registered where the app is composed). */
export interface ErrorReporter {
  capture(error: unknown, source: ErrorSource, tags: ErrorTags): void;
}

/** What the adapter is started with. */
export interface ReporterSettings {
  dsn: string;
  release: string;
  /** The build's version stamp (FunnelConfig.flowVersion), a tag of every report. */
  flowVersion?: string;
  /** Where the reports come from: production, preview, staging… */
  environment?: string;
  /** The share of page loads traced (0 to 1). */
  tracesSampleRate?: number;
}

/** Loads the adapter: called once, when the first error is to be sent. */
export type ReporterLoader = (settings: ReporterSettings) => Promise<ErrorReporter>;

/** Whether errors may be reported now: true, false (refused: drop them) or undefined (not decided: keep them). */
export type ErrorConsent = {
  allowed(): boolean | undefined;
  /** Calls the listener on every change of the visitor's choice. */
  subscribe(listener: () => void): void;
};

/** Errors kept while the adapter loads; later ones are dropped (a loop must not fill the memory). */
export const MAX_QUEUED_ERRORS = 30;

interface Queued {
  error: unknown;
  source: ErrorSource;
  tags: ErrorTags;
}

let reporter: ErrorReporter | undefined;
let queue: Queued[] = [];
let release = '';
/** Called when an error is queued: loads the adapter when everything allows it. */
let wanted: () => void = () => {};
/** Whether errors are refused by the consent rule (then they are not even queued). */
let refused = (): boolean => false;
let context: () => Pick<ErrorTags, 'step' | 'variant'> = () => ({ step: '', variant: '' });

/** Sets where the step and variant tags come from (the engine, once it runs). */
export function setErrorContext(read: () => Pick<ErrorTags, 'step' | 'variant'>): void {
  context = read;
}

function currentTags(): ErrorTags {
  try {
    return { ...context(), release };
  } catch {
    return { step: '', variant: '', release };
  }
}

/** Reports an error: forwarded at once when the adapter is loaded, else queued. Never throws. */
export function reportError(error: unknown, source: ErrorSource): void {
  const tags = currentTags();
  if (refused()) return;
  if (!reporter) {
    if (queue.length < MAX_QUEUED_ERRORS) queue.push({ error, source, tags });
    wanted();
    return;
  }
  try {
    reporter.capture(error, source, tags);
  } catch {
    /* a failing reporter must never break the funnel */
  }
}

/** Connects the adapter and forwards the queued errors with the tags they had when they happened. */
export function connectReporter(next: ErrorReporter): void {
  reporter = next;
  const pending = queue;
  queue = [];
  for (const { error, source, tags } of pending) {
    try {
      next.capture(error, source, tags);
    } catch {
      /* see reportError */
    }
  }
}

/** The errors waiting for the adapter (tests). */
export const queuedErrors = (): readonly Queued[] => queue;

/** Forgets the adapter, queue and context (tests). */
export function resetErrorReporting(): void {
  reporter = undefined;
  queue = [];
  release = '';
  wanted = () => {};
  refused = () => false;
  context = () => ({ step: '', variant: '' });
}

type EventTarget = Pick<Window, 'addEventListener'>;

/** Listens for uncaught errors and unhandled rejections on a window. */
export function installErrorCapture(target: EventTarget): void {
  target.addEventListener('error', (event: ErrorEvent) => reportError(event.error ?? new Error(event.message), 'uncaught'));
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => reportError(event.reason, 'unhandled-rejection'));
}

export interface ErrorReportingOptions extends ReporterSettings {
  /** The service address; empty turns reporting off (nothing is captured, no adapter is loaded). */
  dsn: string;
  load: ReporterLoader;
  /** The consent rule errors follow; without it they are sent as the service's own necessary data. */
  consent?: ErrorConsent;
  window: EventTarget & Pick<Window, 'document' | 'setTimeout'> & { requestIdleCallback?: Window['requestIdleCallback'] };
}

/** Runs `fn` once the page has loaded and the browser is idle: off the landing's critical path. */
export function afterFirstPaint(win: ErrorReportingOptions['window'], fn: () => void): void {
  const idle = (): void => {
    if (win.requestIdleCallback) win.requestIdleCallback(() => fn(), { timeout: 5000 });
    else win.setTimeout(fn, 1000);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/**
 * Starts error reporting: the boot-time capture now; the adapter once an error is to be sent, the
 * page has loaded and the consent rule allows it.
 * @example startErrorReporting({ dsn: config.sentryDsn, release: config.release, load: (s) => import('./sentry').then((m) => m.createReporter(s)), window })
 */
export function startErrorReporting(options: ErrorReportingOptions): void {
  if (!options.dsn) return;
  release = options.release;
  const { consent } = options;
  let loaded = false;
  let painted = false;
  refused = () => consent?.allowed() === false;
  wanted = () => {
    if (loaded || !painted || !queue.length) return;
    if (refused()) {
      queue = [];
      return;
    }
    if (consent && consent.allowed() !== true) return; // not decided yet: the queue waits
    loaded = true;
    const { dsn, environment, tracesSampleRate, flowVersion } = options;
    options
      .load({
        dsn,
        release,
        ...(flowVersion ? { flowVersion } : {}),
        ...(environment ? { environment } : {}),
        ...(tracesSampleRate === undefined ? {} : { tracesSampleRate }),
      })
      .then(connectReporter, () => {
        /* the adapter's chunk did not load: errors stay queued (bounded) for this visit */
      });
  };
  consent?.subscribe(() => wanted());
  installErrorCapture(options.window);
  afterFirstPaint(options.window, () => {
    painted = true;
    wanted();
  });
}

/**
 * Reports a download the generic retry gave up on (spec section 4: it "reports the network type"),
 * with the connection type in the message, e.g. "Loading chunk failed after 3 tries (network: offline)".
 */
export function reportRetryFailure(failure: { error: unknown; network: string }): void {
  const reason = failure.error instanceof Error ? failure.error.message : String(failure.error);
  const error = new Error(`Loading chunk failed after 3 tries (network: ${failure.network}): ${reason}`, { cause: failure.error });
  error.name = 'RetryGaveUp';
  reportError(error, 'chunk-load');
}
