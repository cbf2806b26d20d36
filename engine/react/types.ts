/** The contract between the engine and a screen component. */
import type { ComponentType, LazyExoticComponent } from 'react';

/** What the engine needs to know of one screen type: the props its schema allows and the outcomes it may end with. */
export interface ScreenTypeSpec {
  props: unknown;
  outcomes: string;
}

/**
 * A product's screen types by name. The engine holds no screen type of its own: each funnel passes its
 * map as a type argument (defineFunnel, ScreenRegistry), so funnels with different screens fit in one program.
 */
export type ScreenMap = { [type: string]: ScreenTypeSpec };

/**
 * The screen map of a product's generated maps: screen type -> props and screen type -> outcomes
 * (`npm run gen`, e.g. screens/types/screens.gen.ts).
 * @example type ProductScreens = ScreenMapOf<ProductScreenProps, ProductScreenOutcomes>;
 */
export type ScreenMapOf<Props, Outcomes extends { [K in keyof Props]: string }> = { [K in keyof Props]: { props: Props[K]; outcomes: Outcomes[K] } };

/** Where a screen sits: its step id, its route (none for an entry step) and its flow. */
export interface StepInfo {
  id: string;
  path?: string;
  flowId: string;
}

/** True when A and B are the same type (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The outcomes, in screen map M, of the screen type whose props are P (its schema's x-outcomes);
 * never for props of no screen type of M, so such a component can only call next().
 */
export type OutcomesOf<M extends ScreenMap, P> = { [K in keyof M]: Same<M[K]['props'], P> extends true ? M[K]['outcomes'] : never }[keyof M];

/**
 * What every screen receives. `next(outcome?)` is the only way it moves the funnel; the outcome must be
 * one of O (no argument means "default"), so `next('nope')` fails to compile. Without O a screen can
 * only call `next()`; a product names its outcomes with ScreenPropsIn (its generated `ScreenProps`).
 */
export interface ScreenProps<P, O extends string = never> {
  props: P;
  next: (outcome?: O) => void;
  step: StepInfo;
}

/**
 * The props of a screen of map M whose props are P, with the outcomes its screen type declares.
 * @example export type ScreenProps<P> = ScreenPropsIn<ProductScreens, P>; // in the product's generated types
 */
export type ScreenPropsIn<M extends ScreenMap, P> = ScreenProps<P, OutcomesOf<M, P>>;

type ScreenComponent<P, O extends string> = ComponentType<ScreenProps<P, O>> | LazyExoticComponent<ComponentType<ScreenProps<P, O>>>;

/**
 * The typed map of screen type to component for screen map M: a missing or extra screen type, a
 * component whose props do not fit the type's schema, or one that may end with an outcome the type
 * does not declare, fails to compile. The outcomes are those of the props (OutcomesOf), as the
 * product's screens name them: screen types of the same props share them.
 */
export type ScreenRegistry<M extends ScreenMap> = { [K in keyof M]: ScreenComponent<M[K]['props'], OutcomesOf<M, M[K]['props']>> };

/** Any funnel's registry, as the engine walks it at run time (by the step's screen type). */
export type AnyScreenRegistry = { readonly [type: string]: object };
