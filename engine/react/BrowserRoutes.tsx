/**
 * The routes of the whole funnel on react-router's BrowserRouter, with the history guard. A chunk of
 * its own (with react-router): a landing opened from its prerendered page renders without it and
 * loads it when the visitor moves on (see routerChunk.ts).
 */
import { BrowserRouter } from 'react-router-dom';
import { FunnelRoutes } from './FunnelRoutes.tsx';
import { HistoryGuard } from './HistoryGuard.tsx';

export default function BrowserRoutes() {
  return (
    <BrowserRouter>
      <HistoryGuard />
      <FunnelRoutes />
    </BrowserRouter>
  );
}
