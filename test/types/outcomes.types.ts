/**
 * Negative type tests of screen outcomes, checked by `tsc` in `npm test`: a screen may call next()
 * only with an outcome its screen type's schema declares (x-outcomes; any id for x-outcomes-from). The
 * product's ScreenProps (screens/types/screens.gen.ts) takes the outcomes from its screen map.
 */
import type { ScreenProps as EngineScreenProps } from '../../engine/react/index.ts';
import type { ProductScreenRegistry, ScreenProps } from '../../screens/types/screens.gen.ts';
import type { CheckoutProps, ChoiceProps, LandingProps } from '../../screens/types/flow.gen.ts';
import { screens } from '../../screens/registry.ts';

export function Landing({ next }: ScreenProps<LandingProps>) {
  next();
  next('default');
  // @ts-expect-error "nope" is not an outcome of the landing screen (it has only "default")
  next('nope');
  return null;
}

export function Checkout({ next }: ScreenProps<CheckoutProps>) {
  next('needsSignup');
  // @ts-expect-error checkout's outcomes are "default" and "needsSignup"
  next('signup');
  return null;
}

export function Choice({ next }: ScreenProps<ChoiceProps>) {
  // the choice screen's outcomes are its options' ids (x-outcomes-from), known only from the flow
  next('create');
  return null;
}

function LandingWithExtraOutcome(_: EngineScreenProps<LandingProps, 'default' | 'skip'>) {
  return null;
}

// @ts-expect-error a component that may end with an outcome its screen type does not declare is rejected
export const extraOutcome: ProductScreenRegistry = { ...screens, landing: LandingWithExtraOutcome };
