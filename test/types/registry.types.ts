/**
 * Negative type tests, checked by `tsc` in `npm test`: each @ts-expect-error line must fail to
 * compile, or the type check fails ("Unused '@ts-expect-error' directive").
 */
import type { ScreenProps, ScreenRegistry } from '../../engine/react/index.ts';
import type { LandingProps, QuizProps, Step } from '../../screens/types/flow.gen.ts';
import { screens } from '../../screens/registry.ts';

function Landing(_: ScreenProps<LandingProps>) {
  return null;
}
function Quiz(_: ScreenProps<QuizProps>) {
  return null;
}

export const complete: ScreenRegistry = { ...screens, landing: Landing };

// @ts-expect-error an unknown screen type is rejected
export const unknownType: ScreenRegistry = { ...screens, 'no-such-screen': Landing };

// @ts-expect-error a missing screen type is rejected
export const missingType: ScreenRegistry = { landing: Landing };

// @ts-expect-error a component whose props do not fit the screen type's schema is rejected
export const wrongProps: ScreenRegistry = { ...screens, landing: Quiz };

export const step: Step = { screen: 'landing', props: { title: 'landing.title', text: 'landing.text', cta: 'common.continue', background: 'welcome' } };

// @ts-expect-error a step of an unknown screen type is rejected
export const unknownStep: Step = { screen: 'landng', props: {} };

// @ts-expect-error a step whose props miss a required field is rejected
export const incompleteStep: Step = { screen: 'landing', props: { title: 'landing.title' } };

// @ts-expect-error a step with a prop the schema does not allow is rejected
export const extraProp: Step = { screen: 'landing', props: { title: 'a.b', text: 'a.b', cta: 'a.b', background: 'welcome', colour: 'red' } };
