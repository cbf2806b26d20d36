/**
 * Which routes the app renders. A landing path opened from its prerendered page renders its entry
 * step alone, with no router library: the first screen hydrates with less script to download and run.
 * The router chunk (react-router, every route, the history guard) is loaded when the visitor moves on
 * (or earlier, when boot prefetches it), the address changes, and the full routes take over for good.
 * Any other path is rendered by the full routes from the start (boot loads them before the first render).
 */
import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import type { FunnelData } from '../core/flowGraph.ts';
import { recordVisit } from '../core/history.ts';
import { variantForPath } from '../core/variants.ts';
import { useEngine } from './context.ts';
import { NavigationContext, type EngineNavigate, type EngineNavigation } from './navigation.ts';
import { LoadingOverlay } from './overlays/LoadingOverlay.tsx';
import { loadedRouter, loadRouter } from './routerChunk.ts';
import { StepHost } from './StepHost.tsx';
import { earlyStepShown, showEarlyStepFor } from './earlyStep.ts';
import { afterNextPaint } from './yieldToBrowser.ts';
import { stepIdForPath } from './errorContext.ts';

export interface OpenedLocation {
  pathname: string;
  search: string;
}

export interface EntryRoute {
  stepId: string;
  variantId: string;
}

/** The entry step a landing path opens, or undefined for any other path. */
export function entryRouteFor(data: FunnelData, pathname: string): EntryRoute | undefined {
  const match = variantForPath(data.landings, pathname);
  const flow = match ? data.flows[match.variant.flow] : undefined;
  return match && flow ? { stepId: flow.entry, variantId: match.id } : undefined;
}

/** The entry step on its own, with the engine navigation StepHost needs; records the visit like the history guard. */
function EntryStep({ entry, location, navigate, leaving }: { entry: EntryRoute; location: OpenedLocation; navigate: EngineNavigate; leaving: boolean }) {
  const value = useMemo<EngineNavigation>(
    () => ({ location: { pathname: location.pathname, search: location.search, key: 'default' }, navigate }),
    [location.pathname, location.search, navigate],
  );
  const { openedArrival } = useEngine();
  useEffect(() => {
    recordVisit(location.pathname);
  }, [location.pathname]);
  return (
    <NavigationContext.Provider value={value}>
      <StepHost key={location.pathname} stepId={entry.stepId} arrived={openedArrival === location.pathname} />
      {leaving ? <LoadingOverlay /> : null}
    </NavigationContext.Provider>
  );
}

export function AppRoutes({ location }: { location: OpenedLocation }) {
  const { data, openedArrival } = useEngine();
  // the landing whose arrival boot recorded stays with its entry step until the visitor moves on, even
  // when the router chunk arrived before React rendered (the router's step would record the arrival again)
  const [Routes, setRoutes] = useState<ComponentType | undefined>(() => (openedArrival === location.pathname ? undefined : loadedRouter()));
  const [entry] = useState(() => (Routes ? undefined : entryRouteFor(data, location.pathname)));
  const [leaving, setLeaving] = useState(false);

  // moving on from the entry step: the router takes over at the new address
  const navigate = useCallback<EngineNavigate>(
    (to, options) => {
      // the page's copy of the step shows at once; the router and the step render behind it (earlyStep.ts)
      const target = stepIdForPath(data, to);
      if (target) showEarlyStepFor(target);
      const go = (routes: ComponentType): void => {
        const commit = (): void => {
          if (options?.replace) window.history.replaceState(null, '', to);
          else window.history.pushState(null, '', to);
          // the address and the router change in one task: a Back right after the address changed
          // finds the history guard listening
          flushSync(() => setRoutes(() => routes));
        };
        // with the step's copy shown, the router and the step (a long task on a slow phone) render once
        // the copy has painted, not inside the tap
        if (earlyStepShown()) afterNextPaint(commit);
        else commit();
      };
      const ready = loadedRouter();
      if (ready) return go(ready);
      setLeaving(true);
      // a router chunk that cannot be loaded: the browser opens the address as a new page instead
      loadRouter().then(go, () => window.location.assign(to));
    },
    [data],
  );

  useEffect(() => {
    if (!Routes && !entry)
      void loadRouter().then(
        (routes) => setRoutes(() => routes),
        () => window.location.reload(),
      );
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when boot did not load the routes

  if (Routes) return <Routes />;
  if (!entry) return <LoadingOverlay />;
  return <EntryStep entry={entry} location={location} navigate={navigate} leaving={leaving} />;
}
