/**
 * The product's state slices, declared for the engine's store: each with its defaults and whether it
 * is kept in local storage. The kernel slices (plans, signup, checkout, events, error, loader, ui)
 * are the engine's own. The funnel passes ProductSlices to the engine as a type argument (funnel.ts).
 */
import type { FunnelState, SliceDeclarations } from '../../engine/index.ts';

/** What the visitor entered in the family funnel (persisted, spec section 3). */
export interface FamilyState {
  name: string;
  phone: string;
  phoneCountry: string;
  circleAction: string;
  circleName: string;
  code: string;
  role: string;
  home: string;
  /** When the trial reservation started (ms since epoch); 0 until the offer is first shown. */
  offerStartedAt: number;
}

/** The options quiz (not persisted, spec section 3; the answers survive in events.analyticsData). */
export interface OptionsState {
  done: boolean;
  answeredCount: number;
  answers: Record<string, string>;
}

/** The product's slices by name. */
export interface ProductSlices {
  family: FamilyState;
  options: OptionsState;
}

/** The whole state of the funnel: the engine's slices and the product's. */
export type ProductState = FunnelState<ProductSlices>;

/**
 * The product's slices as the store and persistence read them.
 * @example createFunnelStore(productSlices).family.name // ''
 */
export const productSlices: SliceDeclarations<ProductSlices> = {
  family: {
    persist: true,
    defaults: () => ({ name: '', phone: '', phoneCountry: '', circleAction: '', circleName: '', code: '', role: '', home: '', offerStartedAt: 0 }),
  },
  options: { persist: false, defaults: () => ({ done: false, answeredCount: 0, answers: {} }) },
};
