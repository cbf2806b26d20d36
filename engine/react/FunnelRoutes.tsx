import { useMemo, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { recordVisit } from '../core/history.ts';
import { canonicalRedirect } from '../core/canonicalPath.ts';
import { routeTable } from '../core/routeTable.ts';
import { useEngine } from './context.ts';
import { NavigationContext, type EngineNavigation } from './navigation.ts';
import { StepHost } from './StepHost.tsx';

/** Hands react-router's location and navigate to the engine's navigation context (used by StepHost). */
function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const value = useMemo<EngineNavigation>(
    () => ({
      location: { pathname: location.pathname, search: location.search, key: location.key },
      navigate: (to, options) => {
        recordVisit(to); // now, not on render: see HistoryGuard
        void navigate(to, options);
      },
    }),
    [location.pathname, location.search, location.key, navigate],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/**
 * One exact route per variant path (opening its flow's entry step, as the variant the visitor is
 * assigned on a path under experiment) and per step path, built from the flow data. A route written
 * in another case or with a trailing slash is replaced by the route itself, query kept (react-router
 * would match it loosely and show the page under no landing type); any other path lands on "/".
 */
export function FunnelRoutes() {
  const { data, steps } = useEngine();
  const location = useLocation();
  // the routes only: which variant a path shows is resolved by StepHost (resolveActiveVariant)
  const routes = useMemo(() => routeTable(data, steps), [data, steps]);
  const exact = canonicalRedirect(
    location.pathname,
    location.search,
    routes.map((r) => r.path),
    location.hash,
  );
  if (exact !== undefined) return <Navigate to={exact} replace />;
  return (
    <RouterNavigation>
      <Routes>
        {routes.map(({ path, stepId, variantId }) => (
          // a variant path's host is keyed by its path (two landing paths of one entry step are two visits)
          <Route key={path} path={path} caseSensitive element={<StepHost key={variantId === undefined ? stepId : path} stepId={stepId} />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </RouterNavigation>
  );
}
