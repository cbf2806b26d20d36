/**
 * The analytics destination types this funnel can use. Adding one: a module exporting a
 * `DestinationType` (type id, settings check, lazy load) and one line here; then entries of that
 * type in flows/destinations.json.
 */
import type { DestinationType } from '../../engine/analytics/index.ts';
import { segmentDestination } from '../../engine/analytics/runtime.ts';
import { ga4Destination, metaPixelDestination } from '../../engine/analytics/runtime.ts';

export const destinationTypes: readonly DestinationType[] = [segmentDestination, metaPixelDestination, ga4Destination];
