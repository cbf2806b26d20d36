/**
 * The analytics layer's light part, public API, safe on the landing route: the consent rules of a
 * visit, the event context every event carries, and the destination registration types. The
 * destinations themselves are engine/analytics/runtime.ts, loaded lazily after start-up.
 * Each export keeps its JSDoc at its definition.
 */
/** The consent rules of a visit (rules as data: by time zone region and landing variant), the stored choice and whether the visitor cookie may be written. */
export {
  CONSENT_STORAGE_KEY,
  MAX_HELD_EVENTS,
  browserTimeZone,
  globalPrivacyControl,
  honourGpc,
  ruleFor,
  storedChoice,
  visitorCookieAllowed,
} from './consentRules.ts';
/** Types of the same module. */
export type { ConsentRule, ConsentRules } from './consentRules.ts';
/** The funnel's measurement, the part on the landing route kept small: events held until start-up, the consent rule and choice, the visitor cookie; the destinations and the banner load lazily and receive what was held. */
export { analyticsConsent, currentConsent, setupMeasurement } from './measurement.ts';
/** Types of the same module. */
export type { MeasurementOptions } from './measurement.ts';
/** Meta's first-party click and browser ids in their documented format, `fb.<subdomainIndex>.<creationTime>.<value>`: `_fbc` = `fb.1.<ms of the click>.<fbclid>` and `_fbp` = `fb.1.<ms>.<random number>`. */
export { fbcOf, fbpOf, metaIds } from './metaCookies.ts';
/** Types of the same module. */
export type { MetaIds } from './metaCookies.ts';
/** Where the visitor is, for the consent rules: the country the host's edge names when it does (a `visitor_country` cookie), else every country of the visitor's IANA time zone, from a maintained zone table (loaded lazily). */
export { COUNTRY_COOKIE, countryFromHost, visitorCountries } from './visitorRegion.ts';
/** Types of the same module. */
export type { ZoneTable } from './visitorRegion.ts';
/** Events a page holds but has not delivered when it is left, handed to the next page of the tab through session storage. */
export { sessionLeftEvents } from './leftEvents.ts';
/** Types of the same module. */
export type { LeftEvents } from './leftEvents.ts';
/** What every event carries (read from the store when the event is made): the landing type, the visitor's experiment assignments (`events.experiments`, experiment id -> landing type) and the campaign fields as Segment's `context.campaign`. */
export { campaignOf, eventContextReader } from './eventContext.ts';
/** Analytics destinations as registrations: a destination type names itself, checks its settings and loads its code lazily; a destinations file (data) lists which ones run, with which settings, per environment, and which consent category each needs. */
export { CONSENT_CATEGORIES, mappedName } from './types.ts';
/** Types of the same module. */
export type {
  ConsentCategory,
  ConsentChoice,
  Destination,
  DestinationConfig,
  DestinationEnv,
  DestinationType,
  EventMap,
  Measurement,
  MeasurementContext,
  MeasurementSetup,
} from './types.ts';
