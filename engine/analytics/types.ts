/**
 * Analytics destinations as registrations: a destination type names itself, checks its settings and
 * loads its code lazily; a destinations file (data) lists which ones run, with which settings, per
 * environment, and which consent category each needs.
 */
import type { AnalyticsEvent, AnalyticsSink } from '../core/analytics.ts';
import type { FunnelState } from '../core/store.ts';
import { ownValue } from '../core/ownValue.ts';
import type { DestinationConsent } from './vendorConsent.ts';

/** The consent categories of the banner (the choice of schemas/consent.json, and `necessary`, always granted). */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing'] as const;

/** A consent category. `necessary` is always granted. */
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The visitor's choices for the categories that can be refused. */
export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

/** Catalogue event name (or `page` / `identify`) -> the destination's own event name. */
export type EventMap = Record<string, string>;

/** One entry of the destinations file. */
export interface DestinationConfig {
  /** Unique within an environment; names the destination in the inspector. */
  id: string;
  /** A registered destination type. */
  type: string;
  category: ConsentCategory;
  /**
   * Its TCF purposes and how its vendor's consent is read (vendorConsent.ts), for a TCF CMP; under the
   * built-in banner (or a generic CMP) the category choice is the signal for its vendor.
   */
  consent?: DestinationConsent;
  settings: Record<string, unknown>;
  /** Which events the destination receives and under which name; all events when absent. */
  events?: EventMap;
}

/** What a loaded destination may use from the page. */
export interface DestinationEnv {
  window: Window;
  /**
   * The consent the visitor gave, as it applies to this destination: each category only where its
   * vendor is consented too (Google Consent Mode's and Meta's own consent signals read it).
   */
  consent: ConsentChoice;
  /** Reports what was sent, for the preview's inspector (a no-op in production). */
  report(call: unknown): void;
}

/** A loaded destination: a sink, told when consent changes. */
export interface Destination extends AnalyticsSink {
  /** Told the choice as it applies to this destination (as `DestinationEnv.consent`) whenever it changes. */
  consentChanged?(choice: ConsentChoice): void;
}

/**
 * A destination type. Adding one = a module exporting this plus one line in the product's list.
 * @example { type: 'segment-http', validate: (s) => typeof s.url === 'string' ? [] : ['url is required'], load: () => import('./segmentSink.ts').then((m) => m.create) }
 */
export interface DestinationType {
  type: string;
  /** An advertising destination (an ad pixel): it needs marketing consent, never "necessary" or "analytics". */
  advertising?: boolean;
  /** Problems with an entry's settings, as short sentences; [] when they are usable. */
  validate(settings: Record<string, unknown>): string[];
  /** Loads the destination's code (a dynamic import, so it is never on the landing route). */
  load(): Promise<(config: DestinationConfig, env: DestinationEnv) => Destination>;
}

/** What the engine gives the product's measurement set-up at boot. */
export interface MeasurementContext {
  /** The restored store (landing type, campaign, experiments for every event). */
  store: FunnelState;
  /** Settles once the page has started up: destinations load after it, never on the first paint. */
  ready: Promise<unknown>;
  /** Resolves once the texts a banner over the first screen needs are in place (the first-paint texts). */
  loadTexts: () => Promise<void>;
}

/** The product's measurement: its destinations (registrations) and consent rules, made once the store is restored. */
export type MeasurementSetup = (context: MeasurementContext) => Measurement;

/** What the product's measurement set-up gives the engine at boot. */
export interface Measurement {
  sinks: AnalyticsSink[];
  /** Whether the visitor id cookie may be written now. */
  visitorCookieAllowed: () => boolean;
}

/** The name the destination uses for an event, or undefined when it does not receive it. */
export function mappedName(event: AnalyticsEvent, events: EventMap | undefined): string | undefined {
  const key = event.kind === 'track' ? event.name : event.kind;
  if (!events) return key;
  return ownValue(events, key);
}
