import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { loadHistory, recordNavigation, saveHistory } from '../core/history.ts';

/**
 * Keeps the visited paths in session storage and sends a back (or browser-forward) navigation to the
 * last recorded path. The first render counts as forward, so a reload keeps the visitor's place.
 */
export function HistoryGuard() {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  const first = useRef(true);
  useEffect(() => {
    const kind = first.current || type !== 'POP' ? 'forward' : 'back';
    first.current = false;
    const decision = recordNavigation(loadHistory(), location.pathname, kind);
    saveHistory(decision.list);
    if (decision.redirect) navigate(decision.redirect);
    // the path too: the entries written before the router took over (the landing's) all have the key "default"
  }, [location.key, location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps -- once per navigation
  return null;
}
