/**
 * The welcome carousel's place of a step is read from the flow (screens/feature-intro/carousel.ts):
 * the run of consecutive feature intros and the step that closes it, with the variant's overrides.
 */
import { indexSteps, type Flow, type Variant } from '../../engine/index.ts';
import { carouselPlace } from '../../screens/feature-intro/carousel.ts';

const intro = (next?: string) => ({
  screen: 'feature-intro',
  props: { title: 'a.b', text: 'a.b', cta: 'a.b', image: 'place-alerts' },
  ...(next ? { next } : {}),
});

function flowOf(steps: Flow['steps']): Flow {
  return { id: 'main', version: 1, entry: 'landing', steps };
}

const main = flowOf({
  landing: { screen: 'landing', props: {}, next: 'one' },
  one: intro('two'),
  two: intro('three'),
  three: intro('signup'),
  signup: { screen: 'signup-email', props: { carouselEnd: true }, next: 'quiz' },
  quiz: { screen: 'quiz', props: {}, next: 'paywall' },
  paywall: { screen: 'paywall', props: {} },
});
const family = { ...flowOf({ start: intro('join'), join: { screen: 'signup-email', props: {} } }), id: 'family', entry: 'start' };
const steps = indexSteps({ main, family });

describe('carousel places', () => {
  it('counts the consecutive slides around a step, the closing step included', () => {
    expect(['one', 'two', 'three', 'signup'].map((id) => carouselPlace(steps, id))).toEqual([
      { slide: 1, slides: 4 },
      { slide: 2, slides: 4 },
      { slide: 3, slides: 4 },
      { slide: 4, slides: 4 },
    ]);
  });

  it('gives no place to a step that is no slide', () => {
    expect(carouselPlace(steps, 'landing')).toBeUndefined();
    expect(carouselPlace(steps, 'quiz')).toBeUndefined();
    expect(carouselPlace(steps, 'nope')).toBeUndefined();
    // a signup step that does not close a carousel shows no dots, whatever leads to it
    expect(carouselPlace(steps, 'join')).toBeUndefined();
    expect(carouselPlace(steps, 'start')).toEqual({ slide: 1, slides: 1 });
  });

  it("follows a variant's overrides: a slide skipped by the variant leaves its carousel", () => {
    const variant = { overrides: { one: { next: 'three' } } } as unknown as Variant;
    expect(carouselPlace(steps, 'three', variant)).toEqual({ slide: 2, slides: 3 });
    expect(carouselPlace(steps, 'signup', variant)).toEqual({ slide: 3, slides: 3 });
  });

  it('ends a carousel at a branch and counts a loop once', () => {
    const branching = indexSteps({ main: flowOf({ a: intro('b'), b: { ...intro(), next: { default: 'c', skip: 'd' } }, c: intro(), d: intro() }) });
    expect(carouselPlace(branching, 'b')).toEqual({ slide: 2, slides: 2 });
    expect(carouselPlace(branching, 'c')).toEqual({ slide: 1, slides: 1 });
    const loop = indexSteps({ main: flowOf({ a: intro('b'), b: intro('a') }) });
    expect(carouselPlace(loop, 'a')).toEqual({ slide: 2, slides: 2 });
  });
});
