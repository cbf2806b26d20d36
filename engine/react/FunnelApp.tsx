import { StrictMode, type ErrorInfo } from 'react';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { AppRoutes, type OpenedLocation } from './AppRoutes.tsx';
import { EngineContext, type FunnelEngine } from './context.ts';
import { dismissEarlyStep } from './earlyStep.ts';
import { sendPageViewNow } from './pageView.ts';
import { MessageOverlay } from './overlays/MessageOverlay.tsx';

export interface FunnelAppProps {
  engine: FunnelEngine;
  /** The address being opened: the browser's by default; the prerenderer passes the path it renders. */
  location?: OpenedLocation;
}

/** The whole funnel: error boundary, engine context, overlays and routes (see AppRoutes). */
export function FunnelApp({ engine, location = window.location }: FunnelAppProps) {
  const report = (error: unknown, info: ErrorInfo): void => {
    // the error message is in #root: a copy of the next step shown in its place gives way (earlyStep.ts)
    dismissEarlyStep();
    sendPageViewNow(); // a step's view waiting for its title (pageView.ts) goes now, and this report after it
    engine.analytics.track('error', { message: error instanceof Error ? error.message : String(error), stack: info.componentStack ?? '' });
  };
  return (
    <StrictMode>
      <AppErrorBoundary onError={report}>
        <EngineContext.Provider value={engine}>
          <MessageOverlay />
          <AppRoutes location={{ pathname: location.pathname, search: location.search }} />
        </EngineContext.Provider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
