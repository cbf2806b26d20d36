/**
 * The lazy part of measurement, loaded once the page has started up: the consent store, the
 * destinations of the product's destinations file for this build's environment (each waiting for its
 * consent category) and the product's consent banner, or the configured CMP instead of it.
 */
import type { FunnelConfig } from '../core/config.ts';
import type { AnalyticsSink } from '../core/analytics.ts';
import type { ConsentRule, ConsentRules } from './consentRules.ts';
import type { LeftEvents } from './leftEvents.ts';
import type { ConsentChoice, DestinationType } from './types.ts';
import { createConsentStore, destinationDecisions, type ConsentStore } from './consent.ts';
import { inspectorReporter } from './inspectorReport.ts';
import { destinationSinks } from './router.ts';
import { environmentOf, type DestinationsFile } from './settings.ts';
import { connectCmp } from './cmp.ts';

/** What the product brings to the runtime: its destinations file, the destination types it can use and its consent banner. */
export interface MeasurementParts {
  destinationsFile: DestinationsFile;
  destinationTypes: readonly DestinationType[];
  /** Shows the banner and its footer link for the consent store (after loading their texts). */
  mountConsent: (options: { consent: ConsentStore; loadTexts: () => Promise<void>; document: Document }) => Promise<void>;
}

export interface RuntimeOptions {
  rules: ConsentRules;
  rule: ConsentRule;
  ready: Promise<unknown>;
  config: FunnelConfig;
  loadTexts: () => Promise<void>;
  /** Told about every choice the visitor makes (the visitor cookie follows it). */
  onConsent: (choice: ConsentChoice) => void;
  /**
   * Told, at once and on every change, whether each destination (by id) may run now (consent.ts
   * destinationDecisions), and per destination type whether one of that type may.
   */
  onDecisions?: (decisions: Record<string, boolean>, byType: Record<string, boolean>) => void;
  /** Where each destination leaves what it still holds when the page is left, and finds what the previous page left it. */
  leftEvents: LeftEvents;
}

/** Starts the consent store, the destinations and the banner (or the CMP); returns the sinks that receive every event. */
export function startMeasurement(
  parts: MeasurementParts,
  { rules, rule, ready, config, loadTexts, onConsent, onDecisions, leftEvents }: RuntimeOptions,
): AnalyticsSink[] {
  const consent = createConsentStore(rules, rule);
  const env = environmentOf(parts.destinationsFile, config.preview, config);
  const decide = (): void => {
    const decisions = destinationDecisions(consent.get(), env.destinations);
    const byType = new Map<string, boolean>();
    for (const d of env.destinations) byType.set(d.type, byType.get(d.type) === true || decisions[d.id] === true);
    onDecisions?.(decisions, Object.fromEntries(byType));
  };
  consent.subscribe((state) => {
    onConsent(state);
    decide();
  });
  decide();
  const sinks = destinationSinks(env.destinations, {
    registrations: parts.destinationTypes,
    consent,
    ready,
    window,
    leftEvents,
    // resolved from the build configuration: empty in production, so nothing is reported there
    report: env.inspector ? inspectorReporter(env.inspector, window) : undefined,
    warn: config.preview ? (m) => console.warn(m) : undefined,
  });
  // a configured CMP replaces the built-in banner: its answers go into the same consent store
  if (rules.cmp) void connectCmp(rules.cmp, window, rule.defaults, (choice, tcf) => consent.decide(choice, tcf));
  else void parts.mountConsent({ consent, loadTexts, document });
  return sinks;
}
