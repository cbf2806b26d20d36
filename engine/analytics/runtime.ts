/**
 * The analytics runtime, public API: destination types (Segment-format batches, Meta Pixel, GA4), the
 * router from the destinations file to sinks, the consent store and the preview inspector's reports.
 * Import it only from code that is itself loaded lazily (after start-up): it must never join the landing.
 * Each export keeps its JSDoc at its definition.
 */
/** The Meta Pixel (`meta-pixel`) and Google Analytics 4 (`ga4`) destination types. */
export { ga4Destination, metaPixelDestination } from './adDestinations.ts';
/** A Segment-format HTTP batch destination (`POST {batch: [...], sentAt}`): events are batched (by count, size and a short timer), retried with exponential back-off when the collector fails, kept in a bounded queue (the oldest are dropped first), and sent with sendBeacon when the page is hidden or left, so a visitor closing the tab does not lose them. */
export { MAX_RETRY_DELAY_MS, REQUEST_TIMEOUT_MS, createBatchSink } from './batchSink.ts';
/** Types of the same module. */
export type { BatchEnv, BatchSettings, BatchSink } from './batchSink.ts';
/** The consent store of a visit, which destinations and the banner subscribe to (the rules themselves: consentRules.ts). */
export { categoryStatus, createConsentStore } from './consent.ts';
/** Types of the same module. */
export type { ConsentState, ConsentStore } from './consent.ts';
/** Consent from a consent management platform instead of the built-in banner, chosen by configuration (flows/consent.json `cmp`): an IAB TCF v2.2 CMP through `__tcfapi`, or a generic one with `get()` and `subscribe(listener)`. */
export { CMP_WAIT_MS, TCF_PURPOSES, choiceOfTcData, connectCmp } from './cmp.ts';
/** Types of the same module. */
export type { CmpConfig, TcData } from './cmp.ts';
/** Google Analytics 4 through gtag.js: Consent Mode v2 defaults (everything denied) before anything else, then an update with the visitor's choice; `config` without the automatic page_view (the funnel sends one per step); page_view, sign_up, begin_checkout and purchase with transaction_id, value, currency and items. */
export { GTAG_URL, createGa4 } from './ga4.ts';
/** Preview only: what each browser-side destination was sent, posted in small batches to the preview server's inspector log (the `/__events` page reads it). */
export { inspectorReporter } from './inspectorReport.ts';
/** Meta Pixel with the standard fbevents.js snippet's semantics: `fbq` queues calls until the script has loaded, `fbq('init', pixelId)` first, then `fbq('track', name, params, { eventID })` for Meta's standard events and `fbq('trackCustom', …)` for the others; every event carries an `eventID`; advanced matching with the hashed e-mail. */
export { FBEVENTS_URL, STANDARD_EVENTS, createMetaPixel, hashedEmail } from './metaPixel.ts';
/** The lazy part of measurement: the consent store, the product's destinations for this build's environment and its consent banner (or the configured CMP). */
export { startMeasurement } from './measurementRuntime.ts';
/** Types of the same module. */
export type { MeasurementParts, RuntimeOptions } from './measurementRuntime.ts';
/** Turns the destinations of the data file into sinks of the analytics port. */
export { destinationSinks } from './router.ts';
/** Types of the same module. */
export type { RouterOptions } from './router.ts';
/** Adds a third-party script (async) once per URL. */
export { SCRIPT_TIMEOUT_MS, loadScript } from './scriptLoader.ts';
/** The Segment spec's message shapes (track, page, identify), which RudderStack, Jitsu, PostHog and others accept. */
export { toSegmentMessage } from './segment.ts';
/** Types of the same module. */
export type { SegmentMessage } from './segment.ts';
/** The Segment-format HTTP batch destination type (`segment-http`); its code loads lazily. */
export { segmentDestination } from './segmentDestination.ts';
/** Creates the `segment-http` destination in the browser: a batch sink with page-hide beacons. */
export { createSegmentSink } from './segmentSink.ts';
/** The destinations file as the browser reads it: the environment's list, with settings written `{{name}}` replaced by the build configuration's value (e.g. `{{analyticsUrl}}`). */
export { environmentOf } from './settings.ts';
/** Types of the same module. */
export type { DestinationsFile, Environment } from './settings.ts';
