import { Navigate, Route, Routes } from 'react-router-dom';
import { getVariant, variantIds } from '../core/flowGraph.ts';
import { variantForPath } from '../core/variants.ts';
import { useEngine } from './context.ts';
import { StepHost } from './StepHost.tsx';

/**
 * One exact route per variant path (opening its flow's entry step, as the variant the visitor is
 * assigned on a path under experiment) and per step path, built from the flow data. Any other path
 * lands on "/".
 */
export function FunnelRoutes() {
  const { data, steps, chooseVariant } = useEngine();
  const variantRoutes = variantIds(data.landings).flatMap((id) =>
    getVariant(data.landings, id)!.paths.map((path) => {
      // on a path under an experiment, the visitor's assigned variant (of the same flow) opens instead
      const opened = variantForPath(data.landings, path, chooseVariant)!;
      const entry = data.flows[opened.variant.flow]!.entry;
      return <Route key={`v:${path}`} path={path} element={<StepHost key={path} stepId={entry} variantId={opened.id} />} />;
    }),
  );
  const stepRoutes = [...steps.values()]
    .filter((ref) => ref.step.path !== undefined)
    .map((ref) => <Route key={`s:${ref.id}`} path={ref.step.path} element={<StepHost key={ref.id} stepId={ref.id} />} />);
  return (
    <Routes>
      {variantRoutes}
      {stepRoutes}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
