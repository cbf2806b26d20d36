/**
 * The lazy part of measurement, loaded once the page has started up: the destinations of
 * flows/destinations.json for this build's environment (each waiting for its consent category) and
 * the consent banner with its footer link.
 */
import type { AnalyticsSink } from '../../engine/core/analytics.ts';
import type { FunnelConfig } from '../../engine/core/config.ts';
import type { ConsentStore } from '../../engine/analytics/consent.ts';
import { inspectorReporter } from '../../engine/analytics/inspectorReport.ts';
import { destinationSinks } from '../../engine/analytics/router.ts';
import { environmentOf, type DestinationsFile } from '../../engine/analytics/settings.ts';
import destinationsFile from '../../flows/destinations.json';
import { mountConsent } from '../consent/mountConsent.tsx';
import { destinationTypes } from './destinations.ts';

export interface RuntimeOptions {
  consent: ConsentStore;
  ready: Promise<unknown>;
  config: FunnelConfig;
  loadTexts: () => Promise<void>;
}

export function startMeasurement({ consent, ready, config, loadTexts }: RuntimeOptions): AnalyticsSink[] {
  const env = environmentOf(destinationsFile as unknown as DestinationsFile, config.preview, config);
  const sinks = destinationSinks(env.destinations, {
    registrations: destinationTypes,
    consent,
    ready,
    window,
    // resolved from the build configuration: empty in production, so nothing is reported there
    report: env.inspector ? inspectorReporter(env.inspector, window) : undefined,
    warn: config.preview ? (m) => console.warn(m) : undefined,
  });
  void mountConsent({ consent, loadTexts, document });
  return sinks;
}
