/**
 * The funnel's measurement, the part on the landing route kept small: the visitor's consent rule
 * (time zone and landing variant, from flows/consent.json) and stored choice decide at once whether
 * the visitor cookie may be written; events are held (bounded) until the page has started up, then
 * the destinations of this build's environment, the consent store and the banner load as one lazy
 * chunk (measurementRuntime.ts) and receive what was held.
 */
import type { AnalyticsEvent, AnalyticsSink } from '../../engine/index.ts';
import type { FunnelConfig } from '../../engine/index.ts';
import type { FunnelData } from '../../engine/index.ts';
import { variantForPath } from '../../engine/index.ts';
import { clearVisitorCookie, writeVisitorCookie } from '../../engine/index.ts';
import { browserTimeZone, MAX_HELD_EVENTS, ruleFor, storedChoice, visitorCookieAllowed, type ConsentRules } from '../../engine/analytics/index.ts';
import type { ConsentChoice, Measurement, MeasurementContext } from '../../engine/analytics/index.ts';
import consentRules from '../../flows/consent.json';

export interface MeasurementOptions {
  data: FunnelData;
  config: FunnelConfig;
}

export function setupMeasurement(options: MeasurementOptions) {
  return ({ store, ready, loadTexts }: MeasurementContext): Measurement => {
    const rules = consentRules as unknown as ConsentRules;
    const variant = variantForPath(options.data.landings, location.pathname)?.id ?? store.plans.landingType;
    const rule = ruleFor(rules, browserTimeZone(), variant);
    let cookieAllowed = visitorCookieAllowed(rule, storedChoice(rules.version) ?? rule.defaults);
    const onConsent = (choice: ConsentChoice): void => {
      cookieAllowed = visitorCookieAllowed(rule, choice);
      if (!cookieAllowed) clearVisitorCookie(document);
      else if (store.signup.userUuid) writeVisitorCookie(document, store.signup.userUuid, location.protocol === 'https:');
    };
    let held: AnalyticsEvent[] | undefined = [];
    let sinks: AnalyticsSink[] = [];
    void ready
      .then(() => import('./measurementRuntime.ts'))
      .then((runtime) => {
        sinks = runtime.startMeasurement({ rules, rule, ready, config: options.config, loadTexts, onConsent });
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
