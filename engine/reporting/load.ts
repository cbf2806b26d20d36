/**
 * Loads the Sentry adapter of the error-reporting port on demand: a dynamic import, so the SDK is a
 * chunk of its own that the page fetches only after it has loaded (and never when no DSN is set).
 */
import type { ReporterLoader } from '../core/errorReporting.ts';

/** @example startErrorReporting({ dsn, release, load: loadSentryReporter, window }) */
export const loadSentryReporter: ReporterLoader = (settings) => import('./sentryReporter.ts').then((m) => m.createReporter(settings));
