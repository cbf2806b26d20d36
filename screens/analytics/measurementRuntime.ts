/**
 * The product's part of the lazy measurement chunk: its destinations file (flows/destinations.json),
 * the destination types it can use and its consent banner, handed to the engine's runtime.
 */
import { startMeasurement as startEngineMeasurement, type DestinationsFile, type RuntimeOptions } from '../../engine/analytics/runtime.ts';
import type { AnalyticsSink } from '../../engine/index.ts';
import destinationsFile from '../../flows/destinations.json';
import { mountConsent } from '../consent/mountConsent.tsx';
import { destinationTypes } from './destinations.ts';

export function startMeasurement(options: RuntimeOptions): AnalyticsSink[] {
  return startEngineMeasurement({ destinationsFile: destinationsFile as unknown as DestinationsFile, destinationTypes, mountConsent }, options);
}
