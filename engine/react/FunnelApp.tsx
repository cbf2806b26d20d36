import { StrictMode, type ErrorInfo } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { EngineContext, type FunnelEngine } from './context.ts';
import { FunnelRoutes } from './FunnelRoutes.tsx';
import { HistoryGuard } from './HistoryGuard.tsx';
import { MessageOverlay } from './overlays/MessageOverlay.tsx';

/** The whole funnel: error boundary, engine context, router, history guard, overlays and routes. */
export function FunnelApp({ engine }: { engine: FunnelEngine }) {
  const report = (error: unknown, info: ErrorInfo): void =>
    engine.analytics.track('error', { message: error instanceof Error ? error.message : String(error), stack: info.componentStack ?? '' });
  return (
    <StrictMode>
      <AppErrorBoundary onError={report}>
        <EngineContext.Provider value={engine}>
          <BrowserRouter>
            <HistoryGuard />
            <MessageOverlay />
            <FunnelRoutes />
          </BrowserRouter>
        </EngineContext.Provider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
