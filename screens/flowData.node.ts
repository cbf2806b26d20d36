/**
 * `#funnel-data` outside the bundle (Node scripts, the preview server, tests): the flow files of
 * flows/, found and parsed by the validator's modules. The bundle gets the validator's already
 * parsed documents instead (engine/build/funnelDataPlugin.ts).
 */
import type { FunnelData } from '../engine/index.ts';
import { loadFunnelData } from '../engine/validate/index.ts';

export const funnelData: FunnelData = await loadFunnelData();
