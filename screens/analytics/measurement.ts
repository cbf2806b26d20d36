/**
 * The funnel's measurement: the destinations of flows/destinations.json for this build's
 * environment, the consent rule of the visitor (time zone and landing variant), the visitor cookie
 * as that rule allows, and the consent banner and footer link, loaded after the first paint.
 */
import type { FunnelConfig } from '../../engine/core/config.ts';
import type { FunnelData } from '../../engine/core/flowGraph.ts';
import type { FunnelState } from '../../engine/core/store.ts';
import { variantForPath } from '../../engine/core/variants.ts';
import { clearVisitorCookie, writeVisitorCookie } from '../../engine/core/visitor.ts';
import { browserTimeZone, createConsentStore, ruleFor, visitorCookieAllowed } from '../../engine/analytics/consent.ts';
import { inspectorReporter } from '../../engine/analytics/inspectorReport.ts';
import { destinationSinks } from '../../engine/analytics/router.ts';
import { environmentOf, type DestinationsFile } from '../../engine/analytics/settings.ts';
import type { Measurement } from '../../engine/analytics/types.ts';
import destinationsFile from '../../flows/destinations.json';
import { destinationTypes } from './destinations.ts';

export interface MeasurementOptions {
  data: FunnelData;
  config: FunnelConfig;
  /** Loads the texts the banner needs (the visitor's language, after start-up). */
  loadTexts: () => Promise<void>;
}

export function setupMeasurement(options: MeasurementOptions) {
  return ({ store, ready }: { store: FunnelState; ready: Promise<unknown> }): Measurement => {
    const file = destinationsFile as unknown as DestinationsFile;
    const env = environmentOf(file, options.config.preview, options.config);
    const variant = variantForPath(options.data.landings, location.pathname)?.id ?? store.plans.landingType;
    const rule = ruleFor(file.consent, browserTimeZone(), variant);
    const consent = createConsentStore(file.consent, rule);
    const sinks = destinationSinks(env.destinations, {
      registrations: destinationTypes,
      consent,
      ready,
      window,
      report: env.inspector ? inspectorReporter(env.inspector, window) : undefined, // '' once resolved in production
      warn: options.config.preview ? (m) => console.warn(m) : undefined,
    });
    consent.subscribe((state) => {
      if (!visitorCookieAllowed(rule, state)) return clearVisitorCookie(document);
      if (store.signup.userUuid) writeVisitorCookie(document, store.signup.userUuid, location.protocol === 'https:');
    });
    // the banner and the footer link are a lazy chunk: nothing of them is on the landing's first paint
    void ready.then(() => import('../consent/mountConsent.tsx')).then(
      (m) => m.mountConsent({ consent, loadTexts: options.loadTexts, document }),
      () => {},
    );
    return { sinks, visitorCookieAllowed: () => visitorCookieAllowed(rule, consent.get()) };
  };
}
