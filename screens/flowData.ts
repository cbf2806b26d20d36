/**
 * The flow files as the funnel sees them. `#funnel-data` (package.json "imports") is every flow file
 * the validator discovers in flows/: in the browser bundle the build puts the documents it validated
 * there, and in Node it is screens/flowData.node.ts. A new flows/<name>.json needs no code change.
 */
import type { FunnelData as EngineFunnelData } from '../engine/index.ts';
import type { Flow } from './types/flow.gen.ts';
import { funnelData as discovered } from '#funnel-data';

/** The flow data with this product's steps typed by their screens (the generated Flow). */
export type FunnelData = EngineFunnelData<Flow>;

// the cast holds because the build refuses flow files the validator rejects
export const funnelData: FunnelData = discovered as FunnelData;
