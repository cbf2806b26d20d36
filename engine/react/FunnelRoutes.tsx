import { Activity, startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { recordVisit } from '../core/history.ts';
import { canonicalRedirect } from '../core/canonicalPath.ts';
import { routeTable, type RouteEntry } from '../core/routeTable.ts';
import { useEngine } from './context.ts';
import { NavigationContext, type EngineLayOutNext, type EngineNavigate, type EngineNavigation, type EnginePrepare } from './navigation.ts';
import { StepHost } from './StepHost.tsx';
import { layOutNextAhead, warmPreparedStep } from './warmLayout.ts';

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
 * on the paywall, in the task that renders the next step. Here, in the tap's handler, before the
 * render, the page's style is still up to date.
 */
function releaseFocusOfStep(): void {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.closest('main[data-step]')) active.blur();
}

/**
 * Hands react-router's location and navigate to the engine's navigation context (used by StepHost).
 * A move made in a tap's handler renders the next step in the tap's own task, in one piece (a
 * discrete update: BrowserRoutes.tsx renders react-router without transitions), and the tap's frame
 * paints it; a move made later (a network answer, a timer) renders at once too, in the same render as
 * what came with it (the signup's loader going off).
 * The engine's navigate keeps its identity from move to move: a step prepared out of sight (below)
 * is then shown without rendering its screen again.
 */
function RouterNavigation({ children, prepare, layOutNext }: { children: ReactNode; prepare: EnginePrepare; layOutNext: EngineLayOutNext }) {
  const location = useLocation();
  const routerNavigate = useNavigate();
  const latest = useRef(routerNavigate);
  useLayoutEffect(() => {
    latest.current = routerNavigate;
  });
  const navigate = useCallback<EngineNavigate>((to, options) => {
    if (handlingInput()) releaseFocusOfStep();
    recordVisit(to); // as the move is made, not on render: see HistoryGuard
    void latest.current(to, options);
  }, []);
  const value = useMemo<EngineNavigation>(
    () => ({ location: { pathname: location.pathname, search: location.search, key: location.key }, navigate, prepare, layOutNext }),
    [location.pathname, location.search, location.key, navigate, prepare, layOutNext],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/**
 * A step rendered out of sight while the step at `from` waits for the backend to move to it, or
 * (`layoutOnly`) only to lay it out ahead while the step at `from` is read (StepHost).
 */
interface PreparedStep {
  from: string;
  to: string;
  layoutOnly: boolean;
}

/** The key of a route's host: a variant path's host is keyed by its path (two landing paths of one entry step are two visits). */
const hostKey = (route: RouteEntry): string => (route.variantId === undefined ? route.stepId : route.path);

/**
 * A step's host inside an Activity: shown, or (prepared) rendered out of sight at a low priority,
 * without its effects, so that the move to it only shows it (React's Activity). The current host is
 * always first, so `main[data-step]` finds the step on screen.
 */
const host = (route: RouteEntry, mode: 'visible' | 'hidden'): ReactNode => (
  <Activity key={hostKey(route)} mode={mode}>
    <StepHost stepId={route.stepId} />
  </Activity>
);

/**
 * A step rendered only to be laid out ahead: hidden too, and into an element that is never in the
 * page (a portal keeps the engine's and the router's context), so nothing but its copy, for the one
 * task that lays it out (warmLayout.ts), is ever in the document: no text of it can be found beside
 * the step on screen. A move to its step renders the step anew.
 */
const offstageHost = (route: RouteEntry, offstage: HTMLElement): ReactNode =>
  createPortal(
    <Activity mode="hidden">
      <StepHost stepId={route.stepId} />
    </Activity>,
    offstage,
    `layout:${hostKey(route)}`,
  );

/**
 * One exact route per variant path (opening its flow's entry step, as the variant the visitor is
 * assigned on a path under experiment) and per step path, built from the flow data. A route written
 * in another case or with a trailing slash is replaced by the route itself, query kept (the ad's link
 * keeps its landing); any other path lands on "/".
 */
export function FunnelRoutes() {
  const engine = useEngine();
  const { data, steps } = engine;
  const location = useLocation();
  // the routes only: which variant a path shows is resolved by StepHost (resolveActiveVariant)
  const routes = useMemo(() => routeTable(data, steps), [data, steps]);
  const byPath = useMemo(() => new Map(routes.map((route) => [route.path, route])), [routes]);
  const paths = useMemo(() => [...byPath.keys()], [byPath]);
  const [prepared, setPrepared] = useState<PreparedStep | undefined>(undefined);
  const pathname = useRef(location.pathname);
  useLayoutEffect(() => {
    pathname.current = location.pathname;
  });
  // the screen types laid out ahead already: their fonts and styles stay set up for the page's life
  const laidOut = useRef(new Set<string>());
  // where a step only to be laid out is rendered (never in the page); none without a DOM (prerendering)
  const [offstage] = useState(() => (typeof document === 'undefined' ? undefined : document.createElement('div')));
  const screenAt = useCallback((path: string): string | undefined => steps.get(byPath.get(path)?.stepId ?? '')?.step.screen, [steps, byPath]);
  const screenOf = useRef(screenAt);
  useLayoutEffect(() => {
    screenOf.current = screenAt;
  });
  const prepare = useCallback<EnginePrepare>((to, options) => {
    const layoutOnly = options?.layoutOnly === true;
    if (layoutOnly && laidOut.current.has(screenOf.current(to) ?? '')) return () => {};
    const step: PreparedStep = { from: pathname.current, to, layoutOnly };
    // not urgent: the tap's own render (the busy button) and its request go first. A step prepared
    // for a move waiting for the backend is never replaced by one only to be laid out.
    startTransition(() => setPrepared((current) => (layoutOnly && current && !current.layoutOnly && current.from === step.from ? current : step)));
    return () => setPrepared((current) => (current === step ? undefined : current));
  }, []);
  const layOutNext = useCallback<EngineLayOutNext>((step) => layOutNextAhead(engine, step, prepare), [engine, prepare]);
  // every route is exact, so the address is looked up: react-router's <Routes> would compile and rank
  // every route's pattern again at each move (about 3 ms at 4x CPU, in the task that renders the step)
  const route = byPath.get(location.pathname);
  const preparedRoute = prepared?.from === location.pathname ? byPath.get(prepared.to) : undefined;
  const ahead = preparedRoute && preparedRoute !== route ? prepared : undefined;
  // the prepared step's first layout is done ahead too, on a copy (warmLayout.ts); one rendered only
  // for that goes once its copy has been laid out
  useEffect(() => {
    if (!ahead) return undefined;
    const stepId = byPath.get(ahead.to)!.stepId;
    const screen = screenOf.current(ahead.to) ?? '';
    if (!ahead.layoutOnly && laidOut.current.has(screen)) return undefined; // its type was laid out ahead already
    const laidOutAhead = (done: boolean): void => {
      if (done) laidOut.current.add(screen);
      startTransition(() => setPrepared((current) => (current === ahead ? undefined : current)));
    };
    return ahead.layoutOnly ? warmPreparedStep(stepId, offstage!, window, laidOutAhead) : warmPreparedStep(stepId);
  }, [ahead, byPath, offstage]);
  const exact = canonicalRedirect(location.pathname, location.search, paths, location.hash);
  if (exact !== undefined) return <Navigate to={exact} replace />;
  return (
    <RouterNavigation prepare={prepare} layOutNext={layOutNext}>
      {route ? (
        [host(route, 'visible'), ahead ? (ahead.layoutOnly ? offstageHost(preparedRoute!, offstage!) : host(preparedRoute!, 'hidden')) : null]
      ) : (
        <Navigate to="/" replace />
      )}
    </RouterNavigation>
  );
}
