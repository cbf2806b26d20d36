/**
 * The funnel, composed in one place: the flow files, the screen types, the product's state slices,
 * its languages, where analytics events go, how the checkout pays and which backend it talks to. The browser entry (main.tsx) boots it and the
 * build's prerenderer (prerender.ts) renders it.
 */
import { config } from '../engine/index.ts';
import { defineFunnel } from '../engine/react/index.ts';
import { lazyBackend } from '../engine/payments/gateways.ts';
import { funnelData } from './flowData.ts';
import { productMeasurement } from './analytics/measurement.ts';
import { gateways } from './payments/gateways.ts';
import { languages } from './product/languages.ts';
import { productSlices, type ProductSlices } from './product/slices.ts';
import { screens } from './registry.ts';
import type { ProductScreens } from './types/screens.gen.ts';

// the screen map and the slices type the registry, the store and the hooks (product/hooks.ts)
export const funnel = defineFunnel<ProductScreens, ProductSlices>({
  data: funnelData,
  screens,
  slices: productSlices,
  languages,
  config,
  // the destinations of flows/destinations.json (screens/analytics/destinations.ts) behind the consent rules
  measurement: productMeasurement({ data: funnelData, config }),
  gateways,
  // the portal API (addresses, paths, field names), loaded with the first call so axios stays off the landing
  backend: lazyBackend(() => import('./backend/portal.ts').then((m) => m.portalBackend)),
});
