/**
 * The funnel's measurement: the engine's (held events, consent rule and choice, visitor cookie, lazy
 * destinations) with this product's consent rules (flows/consent.json) and its lazy chunk
 * (./measurementRuntime.ts: flows/destinations.json, the destination types and the consent banner).
 */
import type { FunnelConfig, FunnelData } from '../../engine/index.ts';
import { setupMeasurement, type ConsentRules, type MeasurementSetup } from '../../engine/analytics/index.ts';
import consentRules from '../../flows/consent.json';

export function productMeasurement(options: { data: FunnelData; config: FunnelConfig }): MeasurementSetup {
  return setupMeasurement({ ...options, consentRules: consentRules as unknown as ConsentRules, loadRuntime: () => import('./measurementRuntime.ts') });
}
