import { useMemo, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { getVariant, variantIds } from '../core/flowGraph.ts';
import { recordVisit } from '../core/history.ts';
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
 * assigned on a path under experiment) and per step path, built from the flow data. Any other path
 * lands on "/".
 */
export function FunnelRoutes() {
  const { data, steps } = useEngine();
  // the routes only: which variant a path shows is resolved by StepHost (resolveActiveVariant)
  const variantRoutes = variantIds(data.landings).flatMap((id) => {
    const variant = getVariant(data.landings, id)!;
    const entry = data.flows[variant.flow]!.entry;
    return variant.paths.map((path) => <Route key={`v:${path}`} path={path} element={<StepHost key={path} stepId={entry} />} />);
  });
  const stepRoutes = [...steps.values()]
    .filter((ref) => ref.step.path !== undefined)
    .map((ref) => <Route key={`s:${ref.id}`} path={ref.step.path} element={<StepHost key={ref.id} stepId={ref.id} />} />);
  return (
    <RouterNavigation>
      <Routes>
        {variantRoutes}
        {stepRoutes}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </RouterNavigation>
  );
}
