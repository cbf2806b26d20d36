/**
 * The lazy part of measurement, loaded once the page has started up: the consent store, the
 * destinations of flows/destinations.json for this build's environment (each waiting for its
 * consent category) and the consent banner with its footer link.
 */
import type { AnalyticsSink } from '../../engine/index.ts';
import type { FunnelConfig } from '../../engine/index.ts';
import { createConsentStore } from '../../engine/analytics/runtime.ts';
import type { ConsentRule, ConsentRules, LeftEvents } from '../../engine/analytics/index.ts';
import { inspectorReporter } from '../../engine/analytics/runtime.ts';
import { destinationSinks } from '../../engine/analytics/runtime.ts';
import { environmentOf, type DestinationsFile } from '../../engine/analytics/runtime.ts';
import type { ConsentChoice } from '../../engine/analytics/index.ts';
import destinationsFile from '../../flows/destinations.json';
import { connectCmp } from '../../engine/analytics/runtime.ts';
import { mountConsent } from '../consent/mountConsent.tsx';
import { destinationTypes } from './destinations.ts';

export interface RuntimeOptions {
  rules: ConsentRules;
  rule: ConsentRule;
  ready: Promise<unknown>;
  config: FunnelConfig;
  loadTexts: () => Promise<void>;
  /** Told about every choice the visitor makes (the visitor cookie follows it). */
  onConsent: (choice: ConsentChoice) => void;
  /** Where each destination leaves what it still holds when the page is left, and finds what the previous page left it. */
  leftEvents: LeftEvents;
}

export function startMeasurement({ rules, rule, ready, config, loadTexts, onConsent, leftEvents }: RuntimeOptions): AnalyticsSink[] {
  const consent = createConsentStore(rules, rule);
  consent.subscribe((state) => onConsent(state));
  const env = environmentOf(destinationsFile as unknown as DestinationsFile, config.preview, config);
  const sinks = destinationSinks(env.destinations, {
    registrations: destinationTypes,
    consent,
    ready,
    window,
    leftEvents,
    // resolved from the build configuration: empty in production, so nothing is reported there
    report: env.inspector ? inspectorReporter(env.inspector, window) : undefined,
    warn: config.preview ? (m) => console.warn(m) : undefined,
  });
  // a configured CMP replaces the built-in banner: its answers go into the same consent store
  if (rules.cmp) void connectCmp(rules.cmp, window, rule.defaults, (choice) => consent.decide(choice));
  else void mountConsent({ consent, loadTexts, document });
  return sinks;
}
