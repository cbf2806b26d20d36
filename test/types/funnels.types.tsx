/**
 * Negative type tests of the composition, checked by `tsc` in `npm test`: two funnels with different
 * screen maps and slices (the product's and the pet funnel of test/fixtures/pets-funnel) type-check in
 * one program, each store and registry typed by its own funnel, and neither accepts the other's parts.
 */
import { createFunnelStore, type FunnelState } from '../../engine/index.ts';
import type { ScreenProps as EngineScreenProps } from '../../engine/react/index.ts';
import { funnel } from '../../screens/funnel.ts';
import { useStore } from '../../screens/product/hooks.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { screens } from '../../screens/registry.ts';
import type { LandingProps } from '../../screens/types/flow.gen.ts';
import type { ProductScreenRegistry } from '../../screens/types/screens.gen.ts';
import { petFunnel } from '../fixtures/pets-funnel/funnel.ts';
import { PickScreen, petScreens, useStore as usePetStore } from '../fixtures/pets-funnel/screens.tsx';
import { petSlices, type PetScreenRegistry, type PickProps, type ScreenProps } from '../fixtures/pets-funnel/types.ts';

// each funnel's store has its own slices next to the engine's
const productStore = createFunnelStore(productSlices);
const petStore = createFunnelStore(petSlices);
productStore.family.name = 'Ada';
petStore.pet.kind = 'dog';
productStore.plans.plan = petStore.plans.plan;

// @ts-expect-error the pet funnel's store has no product slice
petStore.family.name = 'Ada';
// @ts-expect-error the product's store has no slice of the pet funnel
productStore.pet.kind = 'dog';
// @ts-expect-error an unknown slice is rejected
productStore.profile = {};
// @ts-expect-error a slice field holds the type its slice declares
productStore.family.offerStartedAt = 'now';
// @ts-expect-error a slice field the slice does not declare is rejected
productStore.options.skipped = true;

export function ProductProbe() {
  const { snap } = useStore();
  // @ts-expect-error the product's hooks do not know the pet funnel's slice
  const pet: string = snap.pet.kind;
  return (
    <p>
      {snap.family.name} {snap.options.answeredCount} {pet}
    </p>
  );
}

export function PetProbe() {
  const { snap } = usePetStore();
  // @ts-expect-error the pet funnel's hooks do not know the product's slices
  const name: string = snap.family.name;
  return (
    <p>
      {snap.pet.kind} {name}
    </p>
  );
}

/** Writes go to the store the hooks give; the snapshot they give for rendering is read-only. */
export function rename({ store, snap }: ReturnType<typeof useStore>) {
  store.family.name = 'Ada';
  // @ts-expect-error a snapshot is read-only
  snap.family.name = 'Ada';
}

// an engine function takes either funnel's store (it reads only the engine's slices)
export const engineViews: FunnelState[] = [productStore, petStore];

export function Pick({ next }: ScreenProps<PickProps>) {
  next('cat');
  // @ts-expect-error "default" is not an outcome of the pick screen (its outcomes are "dog" and "cat")
  next('default');
  return null;
}

function LandingOfProduct(_: EngineScreenProps<LandingProps, 'default'>) {
  return null;
}

export const petsWithOwnPick: PetScreenRegistry = { ...petScreens, pick: Pick };
export const productWithOwnScreens: ProductScreenRegistry = { ...screens, landing: LandingOfProduct };

// @ts-expect-error the pet funnel's registry takes no screen type of the product
export const petsWithLanding: PetScreenRegistry = { ...petScreens, landing: LandingOfProduct };
// @ts-expect-error the product's registry takes no screen of the pet funnel in place of its own
export const productWithPick: ProductScreenRegistry = { ...screens, landing: PickScreen };

// the two compositions keep their own types: each funnel's registry is keyed by its own screen types
export const screenTypes: [keyof typeof funnel.screens, keyof typeof petFunnel.screens] = ['paywall', 'pick'];
// @ts-expect-error "pick" is no screen type of the product's funnel
export const notProduct: keyof typeof funnel.screens = 'pick';
