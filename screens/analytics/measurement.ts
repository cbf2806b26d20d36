/**
 * The funnel's measurement, the part on the landing route kept small: events are held (bounded)
 * until the page has started up; then the visitor's consent rule (time zone and landing variant, from
 * flows/consent.json) and stored choice decide whether the visitor cookie may be written, and the
 * destinations of this build's environment, the consent store and the banner load as one lazy
 * chunk (measurementRuntime.ts) and receive what was held.
 */
import type { AnalyticsEvent, AnalyticsSink } from '../../engine/index.ts';
import type { FunnelConfig } from '../../engine/index.ts';
import type { FunnelData } from '../../engine/index.ts';
import { variantForPath } from '../../engine/index.ts';
import { clearVisitorCookie, keepVisitorId } from '../../engine/index.ts';
import {
  browserTimeZone,
  globalPrivacyControl,
  honourGpc,
  MAX_HELD_EVENTS,
  ruleFor,
  sessionLeftEvents,
  storedChoice,
  visitorCookieAllowed,
  visitorCountries,
  type ConsentRules,
} from '../../engine/analytics/index.ts';
import type { ConsentChoice, ConsentRule, Measurement, MeasurementContext } from '../../engine/analytics/index.ts';
import consentRules from '../../flows/consent.json';

/** Where a page leaves the events it could not deliver yet, for the next page of the tab: its own under '', each destination's under its id. */
const leftEvents = sessionLeftEvents('measurement:held');

/** The visitor's consent as it stands (undefined until the rule is decided, after start-up). */
let currentChoice: ConsentChoice | undefined;

/** The visitor's consent now, for what the funnel hands on (the subscription call's attribution); undefined before start-up. */
export const currentConsent = (): ConsentChoice | undefined => currentChoice;

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
}

export function setupMeasurement(options: MeasurementOptions) {
  return ({ store, ready, loadTexts }: MeasurementContext): Measurement => {
    const rules = consentRules as unknown as ConsentRules;
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
        return import('./measurementRuntime.ts');
      })
      .then((runtime) => {
        sinks = runtime.startMeasurement({ rules, rule: rule!, ready, config: options.config, loadTexts, onConsent, leftEvents });
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
