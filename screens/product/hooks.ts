/**
 * The screen hooks of the product: the engine's useFunnel and useStore, with the store typed by the
 * product's slices (store.family, store.options) as the funnel declares them.
 */
import { createFunnelHooks } from '../../engine/react/index.ts';
import type { ProductSlices } from './slices.ts';

export const { useFunnel, useStore } = createFunnelHooks<ProductSlices>();
