/**
 * The flow files as the funnel sees them. `#funnel-data` (package.json "imports") is every flow file
 * the validator discovers in flows/: in the browser bundle the build puts the documents it validated
 * there, and in Node it is screens/flowData.node.ts. A new flows/<name>.json needs no code change.
 */
import type { FunnelData } from '../engine/core/flowGraph.ts';
import { funnelData as discovered } from '#funnel-data';

export const funnelData: FunnelData = discovered;
