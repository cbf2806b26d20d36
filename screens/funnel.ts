/**
 * The funnel, composed in one place: the flow files, the screen types, the product's state slices,
 * its languages, where analytics events go and how the checkout pays. The browser entry (main.tsx) boots it and the
 * build's prerenderer (prerender.ts) renders it.
 */
import { config } from '../engine/index.ts';
import { defineFunnel } from '../engine/react/index.ts';
import { funnelData } from './flowData.ts';
import { setupMeasurement } from './analytics/measurement.ts';
import { gateways } from './payments/gateways.ts';
import { languages } from './product/languages.ts';
import { productSlices } from './product/slices.ts';
import { screens } from './registry.ts';

export const funnel = defineFunnel({
  data: funnelData,
  screens,
  slices: productSlices,
  languages,
  config,
  // the destinations of flows/destinations.json (screens/analytics/destinations.ts) behind the consent rules
  measurement: setupMeasurement({ data: funnelData, config }),
  gateways,
});
