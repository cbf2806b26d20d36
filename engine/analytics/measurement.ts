/**
 * The funnel's measurement, the part on the landing route kept small: events are held (bounded)
 * until the page has started up; then the visitor's consent rule (time zone and landing variant, from
 * the product's consent rules) and stored choice decide whether the visitor cookie may be written, and
 * the destinations of this build's environment, the consent store and the banner load as one lazy
 * chunk (the product's parts and ./measurementRuntime.ts) and receive what was held.
 */
import type { AnalyticsEvent, AnalyticsSink } from '../core/analytics.ts';
import type { FunnelConfig } from '../core/config.ts';
import type { FunnelData } from '../core/flowGraph.ts';
import { variantForPath } from '../core/variants.ts';
import { clearVisitorCookie, keepVisitorId } from '../core/visitor.ts';
import {
  browserTimeZone,
  globalPrivacyControl,
  honourGpc,
  MAX_HELD_EVENTS,
  ruleFor,
  storedChoice,
  visitorCookieAllowed,
  type ConsentRule,
  type ConsentRules,
} from './consentRules.ts';
import { sessionLeftEvents } from './leftEvents.ts';
import { visitorCountries } from './visitorRegion.ts';
import type { ConsentChoice, Measurement, MeasurementContext, MeasurementSetup } from './types.ts';
import type { RuntimeOptions } from './measurementRuntime.ts';

/** Where a page leaves the events it could not deliver yet, for the next page of the tab: its own under '', each destination's under its id. */
const leftEvents = sessionLeftEvents('measurement:held');

/** The visitor's consent as it stands (undefined until the rule is decided, after start-up). */
let currentChoice: ConsentChoice | undefined;

/** Whether each destination (by id, and by type) may run now, as the runtime decided it (undefined before it started). */
let currentDecisions: { vendors: Record<string, boolean>; byType: Record<string, boolean> } | undefined;

/**
 * The visitor's consent now, for what the funnel hands on (the subscription call's attribution):
 * the categories and, once the destinations have started, each destination's own decision
 * (`vendors`: under a TCF CMP its purposes and its vendor) and per destination type (`byType`: whether
 * one of that type may run); undefined before start-up.
 */
export const currentConsent = (): (ConsentChoice & { vendors?: Record<string, boolean>; byType?: Record<string, boolean> }) | undefined =>
  currentChoice && { ...currentChoice, ...(currentDecisions ? { vendors: { ...currentDecisions.vendors }, byType: { ...currentDecisions.byType } } : {}) };

const consentListeners = new Set<() => void>();

/**
 * The analytics consent as error reporting follows it: true, false (refused), or undefined while the
 * visitor has not decided (a rule with a banner and no stored choice).
 */
export const analyticsConsent = {
  allowed: (): boolean | undefined => (decided ? currentChoice?.analytics : undefined),
  subscribe: (listener: () => void): void => void consentListeners.add(listener),
};
let decided = false;

export interface MeasurementOptions {
  data: FunnelData;
  config: FunnelConfig;
  /** The product's consent rules (by time zone region and landing variant). */
  consentRules: ConsentRules;
  /**
   * Loads the lazy chunk after start-up: the product's module that hands its destinations file,
   * destination types and consent banner to the engine's runtime (./measurementRuntime.ts `startMeasurement`).
   * @example loadRuntime: () => import('./measurementRuntime.ts')
   */
  loadRuntime: () => Promise<{ startMeasurement: (options: RuntimeOptions) => AnalyticsSink[] }>;
}

/**
 * The funnel's measurement for defineFunnel: held events, the consent rule and choice, the visitor
 * cookie, and the destinations loaded lazily after start-up.
 * @example measurement: setupMeasurement({ data, config, consentRules, loadRuntime: () => import('./analytics/measurementRuntime.ts') })
 */
export function setupMeasurement(options: MeasurementOptions): MeasurementSetup {
  return ({ store, ready, loadTexts }: MeasurementContext): Measurement => {
    const rules = options.consentRules;
    const variant = variantForPath(options.data.landings, location.pathname)?.id ?? store.plans.landingType;
    // the rule depends on the time zone, and where the browser has no Temporal, reading it creates the
    // page's first date formatter (Intl.DateTimeFormat), a long task on a slow phone (100-300 ms at 4x
    // CPU): the rule is decided once the page has started up. Until then the visitor cookie is not allowed (the visitor id lives in session storage, as under
    // the strictest rule); then it is written if the rule and the stored choice allow it
    let cookieAllowed = false;
    let rule: ConsentRule | undefined;
    // the cookie follows the rule and the visitor's choice: kept once allowed, removed on a refusal
    const applyChoice = (choice: ConsentChoice, removeOnRefusal: boolean): void => {
      currentChoice = { analytics: choice.analytics, marketing: choice.marketing };
      decided = removeOnRefusal || !rule!.banner || storedChoice(rules.version) !== undefined;
      consentListeners.forEach((listener) => listener());
      cookieAllowed = visitorCookieAllowed(rule!, choice);
      if (!cookieAllowed && removeOnRefusal) clearVisitorCookie(document);
      else if (cookieAllowed && store.events.visitorId) keepVisitorId(document, store.events.visitorId, location.protocol === 'https:');
    };
    const decideRule = async (): Promise<void> => {
      // the country the edge names, else the time zone's countries (a lazily loaded zone table)
      const timeZone = browserTimeZone();
      const countries = await visitorCountries(document, timeZone);
      // Global Privacy Control is an opt-out of advertising, under every rule
      rule = honourGpc(ruleFor(rules, timeZone, variant, countries), globalPrivacyControl());
      // a cookie from an earlier visit stays until the visitor refuses
      applyChoice(storedChoice(rules.version) ?? rule.defaults, false);
    };
    const onConsent = (choice: ConsentChoice): void => applyChoice(choice, true);
    // events a previous page of this tab still held when it was left (a reload or a quick step before
    // the destinations had loaded) come first: an early exposure or page view is not lost
    let held: AnalyticsEvent[] | undefined = leftEvents.take('');
    let sinks: AnalyticsSink[] = [];
    addEventListener('pagehide', () => {
      // handed to the next page: a runtime that still arrives on this one must not send them as well
      if (held?.length && leftEvents.leave('', held)) held = [];
    });
    void ready
      .then(async () => {
        await decideRule();
        return options.loadRuntime();
      })
      .then((runtime) => {
        const onDecisions = (vendors: Record<string, boolean>, byType: Record<string, boolean>): void => void (currentDecisions = { vendors, byType });
        sinks = runtime.startMeasurement({ rules, rule: rule!, ready, config: options.config, loadTexts, onConsent, onDecisions, leftEvents });
        const queued = held ?? [];
        held = undefined;
        for (const event of queued) sinks.forEach((s) => s.send(event));
      })
      .catch(() => {
        held = undefined; // the chunk could not load (offline): nothing will receive these events
      });
    const entry: AnalyticsSink = {
      send(event) {
        if (!held) return sinks.forEach((s) => s.send(event));
        held.push(event);
        if (held.length > MAX_HELD_EVENTS) held.shift();
      },
    };
    return { sinks: [entry], visitorCookieAllowed: () => cookieAllowed };
  };
}
