/**
 * The engine's view of the address bar, for the components every route renders (StepHost): where the
 * visitor is and how to move on. Behind it is either react-router (BrowserRouter, FunnelRoutes) or,
 * on a landing opened from its prerendered page, the entry route alone (EntryRoute), which loads the
 * router when the visitor moves on. Screens of later steps may use react-router's hooks directly.
 */
import { createContext, useContext } from 'react';
import type { Step } from '../core/flowTypes.ts';

export interface EngineLocation {
  pathname: string;
  search: string;
  /** Changes with every navigation (react-router's location key). */
  key: string;
}

export type EngineNavigate = (to: string, options?: { replace?: boolean }) => void;

export interface PrepareOptions {
  /**
   * Only to lay the step out ahead: rendered out of sight once, its copy laid out, then dropped; a move
   * to it renders it anew (the next step's first layout, StepHost). A step prepared for a move waiting
   * for the backend takes precedence.
   */
  layoutOnly?: boolean;
}

/**
 * Renders the step at `to` out of sight, ahead of a move that waits for the backend (or, `layoutOnly`,
 * only to lay it out ahead); returns the release for a move that will not happen (PreparedStep in
 * FunnelRoutes.tsx).
 */
export type EnginePrepare = (to: string, options?: PrepareOptions) => () => void;

/**
 * Lays out ahead, while `step` is read, the step it leads to by default (layOutNextAhead in
 * warmLayout.ts, with `prepare`'s `layoutOnly`); returns the cancel for a step left before then.
 */
export type EngineLayOutNext = (step: Pick<Step, 'next' | 'screen'>) => () => void;

export interface EngineNavigation {
  location: EngineLocation;
  navigate: EngineNavigate;
  /** Missing where only one step can render (a landing's entry step before the router arrives). */
  prepare?: EnginePrepare;
  /** Missing there too; the router's chunk brings it, so the landing's first scripts do not carry it. */
  layOutNext?: EngineLayOutNext;
}

export const NavigationContext = createContext<EngineNavigation | null>(null);

function useNavigation(): EngineNavigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('The engine navigation is missing: render steps through <FunnelApp> (or <FunnelRoutes> inside a router).');
  return navigation;
}

/** The current location. @example const { pathname, search } = useLocation(); */
export function useLocation(): EngineLocation {
  return useNavigation().location;
}

/** Goes to a path of the funnel. @example useNavigate()('/signup') */
export function useNavigate(): EngineNavigate {
  return useNavigation().navigate;
}

/** Prepares the step at a path of the funnel (nothing where it cannot). @example const release = usePrepare()('/offer') */
export function usePrepare(): EnginePrepare {
  return useNavigation().prepare ?? noPreparation;
}

const noPreparation: EnginePrepare = () => () => {};

/** Lays out the step after `step` ahead (nothing where it cannot). @example useEffect(() => layOutNext(step), [step]) */
export function useLayOutNext(): EngineLayOutNext {
  return useNavigation().layOutNext ?? noLayOut;
}

const noLayOut: EngineLayOutNext = () => () => {};
