import { useMemo, useRef, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { recordVisit } from '../core/history.ts';
import { canonicalRedirect } from '../core/canonicalPath.ts';
import { routeTable } from '../core/routeTable.ts';
import { useEngine } from './context.ts';
import { NavigationContext, type EngineNavigation } from './navigation.ts';
import { StepHost } from './StepHost.tsx';
import { afterNextPaint } from './yieldToBrowser.ts';

/** A move asked for and not yet made: the last one asked for wins (a double tap moves once). */
interface PendingMove {
  to: string;
  options?: { replace?: boolean };
}

/** The events of a visitor's own tap, click or key press (React's discrete events). */
const INPUT_EVENTS = new Set([
  'click',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'keydown',
  'keyup',
  'submit',
  'input',
  'change',
]);

/** Whether the browser is dispatching one of the visitor's input events now (or running the microtasks right after its handler). */
const handlingInput = (): boolean => INPUT_EVENTS.has(window.event?.type ?? '');

/**
 * Takes focus off what the visitor pressed in the step they are leaving (the heading of the next step
 * takes it once painted: useStepFocus). Left on it, the focus is cleared as React removes the step,
 * and Chromium brings the whole page's style up to date for that inside the removal: 8-11 ms at 4x CPU
 * on the paywall, in the task that renders the next step. Here, in the tap's handler, the page's style
 * is already up to date.
 */
function releaseFocusOfStep(): void {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.closest('main[data-step]')) active.blur();
}

/**
 * Hands react-router's location and navigate to the engine's navigation context (used by StepHost).
 * With `paintFirst`, a move made in a tap's handler waits for the browser to paint the frame after the
 * tap (the pressed button), then the next step renders in one task: the tap's own paint is not held
 * up by the render (Interaction to Next Paint), and the step is not sliced across frames either
 * (BrowserRoutes.tsx). A move made later (a network answer, a timer) has no tap to show first and is
 * made at once, in the same render as what came with it (the signup's loader going off).
 */
function RouterNavigation({ children, paintFirst }: { children: ReactNode; paintFirst: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const pending = useRef<PendingMove | undefined>(undefined);
  const value = useMemo<EngineNavigation>(() => {
    const move = ({ to, options }: PendingMove): void => {
      recordVisit(to); // as the move is made, not on render: see HistoryGuard
      void navigate(to, options);
    };
    return {
      location: { pathname: location.pathname, search: location.search, key: location.key },
      navigate: (to, options) => {
        if (pending.current !== undefined) {
          pending.current = { to, options };
          return;
        }
        if (!paintFirst || !handlingInput()) return move({ to, options });
        pending.current = { to, options };
        releaseFocusOfStep();
        afterNextPaint(
          () => {
            const next = pending.current!;
            pending.current = undefined;
            // rendered now, in this task: a plain update would wait for React's own task, a frame later
            flushSync(() => move(next));
          },
          window,
          1,
        );
      },
    };
  }, [location.pathname, location.search, location.key, navigate, paintFirst]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/**
 * One exact route per variant path (opening its flow's entry step, as the variant the visitor is
 * assigned on a path under experiment) and per step path, built from the flow data. A route written
 * in another case or with a trailing slash is replaced by the route itself, query kept (the ad's link
 * keeps its landing); any other path lands on "/".
 * `paintFirst`: each move waits for the frame after the tap (RouterNavigation); BrowserRoutes sets it.
 */
export function FunnelRoutes({ paintFirst = false }: { paintFirst?: boolean }) {
  const { data, steps } = useEngine();
  const location = useLocation();
  // the routes only: which variant a path shows is resolved by StepHost (resolveActiveVariant)
  const routes = useMemo(() => routeTable(data, steps), [data, steps]);
  const byPath = useMemo(() => new Map(routes.map((route) => [route.path, route])), [routes]);
  const paths = useMemo(() => [...byPath.keys()], [byPath]);
  const exact = canonicalRedirect(location.pathname, location.search, paths, location.hash);
  if (exact !== undefined) return <Navigate to={exact} replace />;
  // every route is exact, so the address is looked up: react-router's <Routes> would compile and rank
  // every route's pattern again at each move (about 3 ms at 4x CPU, in the task that renders the step)
  const route = byPath.get(location.pathname);
  return (
    <RouterNavigation paintFirst={paintFirst}>
      {route ? (
        // a variant path's host is keyed by its path (two landing paths of one entry step are two visits)
        <StepHost key={route.variantId === undefined ? route.stepId : route.path} stepId={route.stepId} />
      ) : (
        <Navigate to="/" replace />
      )}
    </RouterNavigation>
  );
}
