/** The contract between the engine and a screen component. */
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * Every screen type and the props its schema allows. Empty in the engine: the product's generated
 * types (`npm run gen`, screens/types/screens.gen.ts) fill it by declaration merging.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ScreenPropsMap {}

/** The outcomes each screen type can end with; filled by the product's generated types like ScreenPropsMap. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ScreenOutcomesMap {}

/** Where a screen sits: its step id, its route (none for an entry step) and its flow. */
export interface StepInfo {
  id: string;
  path?: string;
  flowId: string;
}

export type ScreenType = keyof ScreenPropsMap;

/** True when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The outcomes of the screen type whose props are P (from its schema's x-outcomes, see screens/types/screens.gen.ts);
 * never for props of no screen type, so such a component can only call next().
 */
export type OutcomesOf<P> = { [K in ScreenType]: Same<ScreenPropsMap[K], P> extends true ? ScreenOutcomesMap[K] : never }[ScreenType];

/**
 * What every screen receives. `next(outcome?)` is the only way it moves the funnel; the outcome must be
 * one its screen type declares (no argument means "default"), so `next('nope')` fails to compile.
 */
export interface ScreenProps<P, O extends string = OutcomesOf<P>> {
  props: P;
  next: (outcome?: O) => void;
  step: StepInfo;
}

type ScreenComponent<P> = ComponentType<ScreenProps<P>> | LazyExoticComponent<ComponentType<ScreenProps<P>>>;

/**
 * The typed map of screen type to component: a missing or extra screen type, or a component whose
 * props do not fit the type's schema, fails to compile.
 */
export type ScreenRegistry = { [K in ScreenType]: ScreenComponent<ScreenPropsMap[K]> };
