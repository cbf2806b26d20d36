/**
 * The routes of the whole funnel on react-router's BrowserRouter, with the history guard. A chunk of
 * its own (with react-router): a landing opened from its prerendered page renders without it and
 * loads it when the visitor moves on (see routerChunk.ts).
 *
 * A move to another step renders at once and in one piece, in the tap's own task, not as a
 * transition (react-router's default): React slices a transition into 5 ms pieces and the browser
 * paints the old step between them, which on a slow phone doubled the wait for a large step (the
 * checkout: 430 → 180 ms). A step whose code has not arrived shows its loader meanwhile.
 */
import { BrowserRouter } from 'react-router-dom';
import { FunnelRoutes } from './FunnelRoutes.tsx';
import { HistoryGuard } from './HistoryGuard.tsx';

export default function BrowserRoutes() {
  return (
    <BrowserRouter useTransitions={false}>
      <HistoryGuard />
      <FunnelRoutes />
    </BrowserRouter>
  );
}
