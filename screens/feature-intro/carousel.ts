/**
 * The welcome carousel's place of a step, read from the flow: the run of consecutive slide steps
 * around it (every feature intro, and the step that closes the carousel with `carouselEnd`, the
 * signup in the main flow). Adding or moving a slide is a flow edit only; no step keeps a count.
 */
import { nextTargets, resolveStep, type Step, type StepRef, type Variant } from '../../engine/index.ts';

/** Where a slide stands: its position from 1 and how many slides its carousel has. */
export interface CarouselPlace {
  slide: number;
  slides: number;
}

const closesCarousel = (step: Step): boolean => (step.props as { carouselEnd?: unknown } | undefined)?.carouselEnd === true;

/** A step of the carousel: a feature intro, or the step that closes the carousel. */
export const isSlide = (step: Step): boolean => step.screen === 'feature-intro' || closesCarousel(step);

/**
 * The step's place in its carousel, with the variant's overrides applied to every step; undefined
 * for a step that is no slide.
 * @example carouselPlace(indexSteps(data.flows), 'place-alerts', variant) // { slide: 2, slides: 4 }
 */
export function carouselPlace(steps: ReadonlyMap<string, StepRef>, stepId: string, variant?: Variant): CarouselPlace | undefined {
  const slideAt = (id: string | undefined): Step | undefined => {
    const ref = id === undefined ? undefined : steps.get(id);
    const step = ref && resolveStep(ref.step, ref.id, variant);
    return step && isSlide(step) ? step : undefined;
  };
  // the slide that follows: the one step a slide leads to, whatever its outcome (a closing step has none)
  const following = (id: string): string | undefined => {
    const step = slideAt(id);
    const targets = step && !closesCarousel(step) ? [...new Set(nextTargets(step.next))] : [];
    return targets.length === 1 && slideAt(targets[0]) ? targets[0] : undefined;
  };
  const here = steps.get(stepId);
  if (!here || !slideAt(stepId)) return undefined;
  const preceding = (id: string): string | undefined =>
    [...steps.values()].find((ref) => ref.flowId === here.flowId && ref.id !== id && following(ref.id) === id)?.id;
  // a carousel that loops back on itself is counted once
  const seen = new Set([stepId]);
  const count = (step: (id: string) => string | undefined): number => {
    let n = 0;
    for (let id = step(stepId); id !== undefined && !seen.has(id); id = step(id)) {
      seen.add(id);
      n++;
    }
    return n;
  };
  const before = count(preceding);
  return { slide: before + 1, slides: before + 1 + count(following) };
}
