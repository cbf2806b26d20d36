/**
 * The error-reporting adapter for Sentry (@sentry/browser), loaded only when there is an error to
 * send. Errors arrive from the engine's capture (engine/core/errorReporting.ts), so the SDK's own
 * global handlers and its timer/listener wrappers are left out: each error is sent once, with the
 * funnel's tags, its environment and release. Nothing personal leaves the page: messages, exception
 * values, breadcrumbs, addresses and span data are scrubbed of e-mails, tokens and click ids
 * (scrub.ts). Tracing samples a configurable share of page loads (every page load by default, TRACES_SAMPLE_RATE).
 * The SDK's transport honours HTTP 429: it stops sending for 60 seconds (or the service's
 * Retry-After / X-Sentry-Rate-Limits).
 */
import { browserTracingIntegration, captureException, init, type BrowserOptions } from '@sentry/browser';
import type { ErrorReporter, ReporterSettings } from '../core/errorReporting.ts';
import { scrubText, scrubValue } from './scrub.ts';

/** Default integrations that would capture the errors the engine's capture already reports. */
const LEFT_OUT = new Set(['GlobalHandlers', 'BrowserApiErrors']);

/** The share of page loads traced when the configuration names none. */
export const TRACES_SAMPLE_RATE = 1;

/**
 * A DSN as Sentry expects it. A DSN that starts with `/` (preview builds) names a collector on this
 * origin: `/sandbox/sentry/1` becomes `http://preview@127.0.0.1:8080/sandbox/sentry/1`.
 */
export function resolveDsn(dsn: string, location: Pick<Location, 'protocol' | 'host'>): string {
  return dsn.startsWith('/') ? `${location.protocol}//preview@${location.host}${dsn}` : dsn;
}

/** The SDK options of the funnel (exported for the transport tests). */
export function sentryOptions(settings: ReporterSettings, location: Pick<Location, 'protocol' | 'host'>): BrowserOptions {
  return {
    dsn: resolveDsn(settings.dsn, location),
    release: settings.release,
    // which version of the flows, texts and engine the visitor had
    ...(settings.flowVersion ? { initialScope: { tags: { flow_version: settings.flowVersion } } } : {}),
    environment: settings.environment || 'production',
    tracesSampleRate: settings.tracesSampleRate ?? TRACES_SAMPLE_RATE,
    integrations: (defaults) => [...defaults.filter((i) => !LEFT_OUT.has(i.name)), browserTracingIntegration()],
    beforeSend: (event) => scrubValue(event),
    beforeSendTransaction: (event) => scrubValue(event),
    beforeSendSpan: (span) => scrubValue(span),
    beforeBreadcrumb: (crumb) => ({ ...scrubValue(crumb), ...(crumb.message ? { message: scrubText(crumb.message) } : {}) }),
  };
}

/** Starts the SDK and returns the port's implementation. */
export async function createReporter(settings: ReporterSettings): Promise<ErrorReporter> {
  init(sentryOptions(settings, window.location));
  return {
    capture(error, source, tags) {
      captureException(error, { tags: { ...tags, source } });
    },
  };
}
