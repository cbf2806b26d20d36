/**
 * Negative type tests, checked by `tsc` in `npm test`: each @ts-expect-error line must fail to
 * compile, or the type check fails ("Unused '@ts-expect-error' directive").
 */
import type { ProductScreenRegistry, ScreenProps } from '../../screens/types/screens.gen.ts';
import type { LandingProps, QuizProps, Step } from '../../screens/types/flow.gen.ts';
import { screens } from '../../screens/registry.ts';

function Landing(_: ScreenProps<LandingProps>) {
  return null;
}
function Quiz(_: ScreenProps<QuizProps>) {
  return null;
}

export const complete: ProductScreenRegistry = { ...screens, landing: Landing };

// @ts-expect-error an unknown screen type is rejected
export const unknownType: ProductScreenRegistry = { ...screens, 'no-such-screen': Landing };

// @ts-expect-error a missing screen type is rejected
export const missingType: ProductScreenRegistry = { landing: Landing };

// @ts-expect-error a component whose props do not fit the screen type's schema is rejected
export const wrongProps: ProductScreenRegistry = { ...screens, landing: Quiz };

export const step: Step = { screen: 'landing', props: { title: 'landing.title', text: 'landing.text', cta: 'common.continue', background: 'welcome' } };

// @ts-expect-error a step of an unknown screen type is rejected
export const unknownStep: Step = { screen: 'landng', props: {} };

// @ts-expect-error a step whose props miss a required field is rejected
export const incompleteStep: Step = { screen: 'landing', props: { title: 'landing.title' } };

// @ts-expect-error a step with a prop the schema does not allow is rejected
export const extraProp: Step = { screen: 'landing', props: { title: 'a.b', text: 'a.b', cta: 'a.b', background: 'welcome', colour: 'red' } };
