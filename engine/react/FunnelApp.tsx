import { StrictMode, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { EngineContext, type FunnelEngine } from './context.ts';
import { FunnelRoutes } from './FunnelRoutes.tsx';
import { HistoryGuard } from './HistoryGuard.tsx';
import { MessageOverlay } from './overlays/MessageOverlay.tsx';

export interface FunnelAppProps {
  engine: FunnelEngine;
  /** The router: the browser's history by default; the prerenderer passes a static one for a path. */
  Router?: ComponentType<{ children: ReactNode }>;
}

/** The whole funnel: error boundary, engine context, router, history guard, overlays and routes. */
export function FunnelApp({ engine, Router = BrowserRouter }: FunnelAppProps) {
  const report = (error: unknown, info: ErrorInfo): void =>
    engine.analytics.track('error', { message: error instanceof Error ? error.message : String(error), stack: info.componentStack ?? '' });
  return (
    <StrictMode>
      <AppErrorBoundary onError={report}>
        <EngineContext.Provider value={engine}>
          <Router>
            <HistoryGuard />
            <MessageOverlay />
            <FunnelRoutes />
          </Router>
        </EngineContext.Provider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
