import { applySaved, serialize, startPersisting } from '../../engine/index.ts';
import { createFunnelStore, KERNEL_SLICES, type SliceDeclarations } from '../../engine/index.ts';
import { PAYMENT_SLICES } from '../../engine/payments/index.ts';
import { defineFunnel, FunnelDefinitionError } from '../../engine/react/index.ts';
import { funnel } from '../../screens/funnel.ts';
import { productSlices, type ProductSlices } from '../../screens/product/slices.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('slices declared by the product', () => {
  it('creates the kernel slices and every declared product slice with its defaults', () => {
    const store = createFunnelStore(productSlices);
    expect(Object.keys(store).sort()).toEqual(['checkout', 'error', 'events', 'family', 'loader', 'options', 'plans', 'signup', 'ui']);
    expect(store.family.offerStartedAt).toBe(0);
    expect(store.options.answers).toEqual({});
  });

  it('gives each store its own copy of the defaults', () => {
    const a = createFunnelStore(productSlices);
    const b = createFunnelStore(productSlices);
    a.options.answers.locate = 'friend';
    a.events.utm.utm_source = 'fb';
    expect(b.options.answers).toEqual({});
    expect(b.events.utm).toEqual({});
  });

  it('persists exactly the slices declared with persist: true, without their transient fields', () => {
    const store = createFunnelStore(productSlices);
    store.options.answeredCount = 3;
    store.family.circleName = 'Smiths';
    Object.assign(store.signup, { token: 'tok', accountId: '42', accountEmail: 'a@example.com' });
    const saved = JSON.parse(serialize(store));
    expect(Object.keys(saved).sort()).toEqual(['events', 'family', 'plans', 'signup', 'ui', 'version']);
    expect(saved.family.circleName).toBe('Smiths');
    // the access token and the account it belongs to live in this tab's session storage only
    for (const field of ['token', 'accountId', 'accountEmail']) expect(saved.signup).not.toHaveProperty(field);
    expect(PAYMENT_SLICES.signup.transient).toEqual(['token', 'accountId', 'accountEmail']);
    expect(Object.keys(KERNEL_SLICES).sort()).toEqual(['error', 'events', 'loader', 'plans', 'ui']);
  });

  it('follows a product that declares another persisted slice, and keeps its defaults when older data lacks it', async () => {
    // a store built for a wider product: the options slice made persistent
    const wider: SliceDeclarations<ProductSlices> = { ...productSlices, options: { ...productSlices.options, persist: true } };
    const store = createFunnelStore(wider);
    const writes: string[] = [];
    const stop = startPersisting(
      store,
      () => {},
      (value) => (writes.push(value), true),
    );
    store.options.answeredCount = 2;
    await flush();
    expect(JSON.parse(writes.at(-1)!).options.answeredCount).toBe(2);
    stop();
    const older = JSON.stringify({ version: 0, plans: { plan: 'gz-1-month-tiger' } });
    const restored = createFunnelStore(wider);
    expect(applySaved(restored, older)).toBe('restored');
    expect(restored.plans.plan).toBe('gz-1-month-tiger');
    expect(restored.options).toEqual({ done: false, answeredCount: 0, answers: {} });
  });

  it("refuses a product slice named like one of the engine's (the kernel's or the payment port's)", () => {
    for (const name of ['plans', 'checkout']) {
      const clash = { ...productSlices, [name]: { persist: false, defaults: () => ({}) } } as unknown as SliceDeclarations<ProductSlices>;
      expect(() => createFunnelStore(clash)).toThrow(new RegExp(`"${name}".*engine slice`));
      expect(() => defineFunnel({ ...funnel, slices: clash })).toThrow(FunnelDefinitionError);
    }
  });
});

describe('defineFunnel', () => {
  it('returns the definition the browser and the prerenderer both use', () => {
    expect(funnel.slices).toBe(productSlices);
    expect(funnel.gateways.map((g) => g.id)).toEqual(['sandbox', 'stripe', 'braintree-paypal']);
    expect(funnel.data.flows.main).toBeDefined();
  });

  it('names the step whose screen type has no component', () => {
    const { quiz: _quiz, ...withoutQuiz } = funnel.screens;
    expect(() => defineFunnel({ ...funnel, screens: withoutQuiz as typeof funnel.screens })).toThrow(
      /flows\.main\.steps\.[\w-]+: screen "quiz" has no component/,
    );
  });
});
