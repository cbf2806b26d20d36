/**
 * The analytics runtime, public API: destination types (Segment-format batches, Meta Pixel, GA4), the
 * router from the destinations file to sinks, the consent store and the preview inspector's reports.
 * Import it only from code that is itself loaded lazily (after start-up): it must never join the landing.
 * The destinations' own code (ga4.ts, metaPixel.ts, segmentSink.ts with batchSink.ts) is not re-exported:
 * each is a chunk its registration imports when the visitor's consent opens it.
 * Each export keeps its JSDoc at its definition.
 */
/** The Meta Pixel (`meta-pixel`) and Google Analytics 4 (`ga4`) destination types. */
export { ga4Destination, metaPixelDestination } from './adDestinations.ts';
/** The consent store of a visit, which destinations and the banner subscribe to (the rules themselves: consentRules.ts), and the per-destination decision. */
export { categoryStatus, createConsentStore, destinationChoice, destinationDecisions, destinationMayRun, destinationStatus } from './consent.ts';
/** Types of the same module. */
export type { ConsentState, ConsentStore } from './consent.ts';
/** Consent from a consent management platform instead of the built-in banner, chosen by configuration (flows/consent.json `cmp`): an IAB TCF v2.2 CMP through `__tcfapi`, or a generic one with `get()` and `subscribe(listener)`. */
export { CMP_WAIT_MS, TCF_PURPOSES, choiceOfTcData, connectCmp, signalOfTcData } from './cmp.ts';
/** Types of the same module. */
export type { CmpConfig, TcData } from './cmp.ts';
/** Vendor-level consent: what a destination declares (its TCF purposes and how its vendor's consent is read) and the decision under a TCF CMP's answer. */
export { additionalConsentProviders, destinationAllowed, purposesAllowed, vendorAllowed } from './vendorConsent.ts';
/** Types of the same module. */
export type { DestinationConsent, TcfSignal, VendorRef } from './vendorConsent.ts';
/** Custom-vendor consent as CMPs keep it for vendors that are not on the IAB Global Vendor List: a OneTrust group, a Cookiebot category or a Didomi vendor. */
export { readCustomVendor, readCustomVendors } from './customVendors.ts';
/** Types of the same module. */
export type { CustomVendorSource } from './customVendors.ts';
/** Preview only: what each browser-side destination was sent, posted in small batches to the preview server's inspector log (the `/__events` page reads it). */
export { inspectorReporter } from './inspectorReport.ts';
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
/** Meta's advanced matching keys hashed as Meta specifies (trimmed, lower-cased, hex SHA-256 with WebCrypto): the e-mail (`em`) and the account id (`external_id`, the same for the pixel and a server-side Conversions API call). */
export { hashedEmail, hashedExternalId, normalisedSha256 } from './hashedIds.ts';
/** Segment's consent object (`context.consent.categoryPreferences`) from the visitor's choice of the consent categories, for the browser's collector and the server-side relay. */
export { categoryPreferences, segmentConsent } from './segmentConsent.ts';
/** Types of the same module. */
export type { SegmentConsent } from './segmentConsent.ts';
/** The Segment-format HTTP batch destination type (`segment-http`); its code loads lazily. */
export { segmentDestination } from './segmentDestination.ts';
/** The destinations file as the browser reads it: the environment's list, with settings written `{{name}}` replaced by the build configuration's value (e.g. `{{analyticsUrl}}`). */
export { environmentOf } from './settings.ts';
/** Types of the same module. */
export type { DestinationsFile, Environment } from './settings.ts';
