import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { loadHistory, recordNavigation, recordVisit, saveHistory } from '../core/history.ts';

/**
 * Keeps the visited paths in session storage and sends a back (or browser-forward) navigation to the
 * last recorded path. The first render counts as forward, so a reload keeps the visitor's place.
 *
 * Back is judged on the browser's popstate itself, not on the rendered location: a render can come
 * after the address changed (a move rendered later, as a transition does), and a visitor who pressed
 * Back meanwhile pops to a location equal to the one on screen, which no render would tell. For the
 * same reason the engine's navigate records a forward visit as it moves (FunnelRoutes), not on render.
 */
export function HistoryGuard() {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  const first = useRef(true);
  useEffect(() => {
    if (first.current || type !== 'POP') recordVisit(location.pathname);
    first.current = false;
    // the path too: the entries written before the router took over (the landing's) all have the key "default"
  }, [location.key, location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps -- once per navigation
  // one listener for the guard's life: React 19 renders a popstate's update at once, inside the event,
  // and a listener swapped by that render would miss the very event that caused it
  const onPop = useEffectEvent((): void => {
    const decision = recordNavigation(loadHistory(), window.location.pathname, 'back');
    saveHistory(decision.list);
    if (decision.redirect) navigate(decision.redirect);
  });
  useEffect(() => {
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  return null;
}
