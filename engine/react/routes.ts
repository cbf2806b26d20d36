/**
 * The engine's router-bound parts, public API: they import react-router, which the landing route
 * never loads (the router arrives as its own chunk when the visitor moves on), so they are kept out of
 * engine/react/index.ts, which every screen imports; so is what only later steps use (laying out
 * ahead). A module re-exported from index.ts lands in the landing's scripts even when the landing uses
 * none of it (esbuild places a module by the entry points that reach it). Each export keeps its JSDoc
 * at its definition.
 */
/** The routes built from the flow data: one per variant path and per step path. */
export { FunnelRoutes } from './FunnelRoutes.tsx';
/** Keeps the navigation history of spec section 2 in step with the router. */
export { HistoryGuard } from './HistoryGuard.tsx';
/**
 * Which step every address opens (variant paths and step paths), sorted by path, independent of the
 * order the flow files were read in; a path claimed twice throws an error named FLOW_CONFLICT. React-free,
 * but exported here, with the routes it feeds, so that it never joins the landing's script.
 */
export { FLOW_CONFLICT, routeTable } from '../core/routeTable.ts';
/** Types of the same module. */
export type { RouteEntry } from '../core/routeTable.ts';
/** The first layout of a step prepared out of sight, done ahead on an invisible copy (used by FunnelRoutes). */
export { layOutCopy, layOutNextAhead, warmPreparedStep } from './warmLayout.ts';
/** Lays out, once and at an idle moment, an invisible copy of a part kept hidden until a tap shows it (the checkout's processing page): the tap then only shows it. */
export { useWarmLayout } from './warmLayout.ts';
