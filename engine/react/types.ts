/** The contract between the engine and a screen component. */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenPropsMap } from '../types/screens.gen.ts';

/** Where a screen sits: its step id, its route (none for an entry step) and its flow. */
export interface StepInfo {
  id: string;
  path?: string;
  flowId: string;
}

/** What every screen receives. `next(outcome?)` is the only way it moves the funnel. */
export interface ScreenProps<P> {
  props: P;
  next: (outcome?: string) => void;
  step: StepInfo;
}

export type ScreenType = keyof ScreenPropsMap;

type ScreenComponent<P> = ComponentType<ScreenProps<P>> | LazyExoticComponent<ComponentType<ScreenProps<P>>>;

/**
 * The typed map of screen type to component: a missing or extra screen type, or a component whose
 * props do not fit the type's schema, fails to compile.
 */
export type ScreenRegistry = { [K in ScreenType]: ScreenComponent<ScreenPropsMap[K]> };
