/**
 * Two funnels in one program (test/types/funnels.types.tsx checks their types): the pet funnel of
 * test/fixtures/pets-funnel holds together at run time too, next to the product's, each with its own slices.
 */
import { createFunnelStore } from '../../engine/index.ts';
import { funnel } from '../../screens/funnel.ts';
import { petFunnel } from '../fixtures/pets-funnel/funnel.ts';

describe('two funnels composed with one engine', () => {
  it('registers each funnel with its own screens', () => {
    expect(Object.keys(petFunnel.screens).sort()).toEqual(['pick', 'welcome']);
    expect(Object.keys(funnel.screens)).toContain('paywall');
    expect(Object.keys(funnel.screens)).not.toContain('pick');
  });

  it("gives each store the engine's slices and its own funnel's", () => {
    const pets = createFunnelStore(petFunnel.slices);
    const product = createFunnelStore(funnel.slices);
    expect(pets.pet).toEqual({ kind: '', answeredAt: 0 });
    expect(pets).not.toHaveProperty('family');
    expect(product).not.toHaveProperty('pet');
    expect(Object.keys(product)).toEqual(expect.arrayContaining(Object.keys(pets).filter((name) => name !== 'pet')));
  });
});
