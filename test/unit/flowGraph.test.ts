import { indexSteps, nextStepId, nextTargets, progressOf, resolveStep, variantIds, getVariant } from '../../engine/index.ts';
import { homeVariantId, landingTypeFromPath, resolveActiveVariant, variantForPath } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';

const steps = indexSteps(funnelData.flows);
const { landings } = funnelData;

describe('flow graph', () => {
  it('indexes every step of both flows by id with its flow', () => {
    expect(steps.get('landing')?.flowId).toBe('main');
    expect(steps.get('create-circle')?.flowId).toBe('family');
    expect(steps.get('checkout')?.step.path).toBe('/checkout');
  });

  it('resolves next: a string takes every outcome, a map takes the named outcome', () => {
    expect(nextStepId('signup')).toBe('signup');
    expect(nextStepId('signup', 'anything')).toBe('signup');
    expect(nextStepId({ create: 'enter-circle-name', join: 'enter-code' }, 'join')).toBe('enter-code');
    expect(nextStepId({ create: 'enter-circle-name' }, 'join')).toBeUndefined();
    expect(nextStepId(undefined)).toBeUndefined();
    expect(nextTargets({ a: 'x', b: 'y' })).toEqual(['x', 'y']);
  });

  it('applies a variant override of next and merges override props over the step props', () => {
    const landing = steps.get('landing')!.step;
    expect(resolveStep(landing, 'landing', getVariant(landings, 'fullPrice')).next).toBe('check-location');
    expect(resolveStep(landing, 'landing', getVariant(landings, 'optionsy')).next).toBe('place-alerts');
    const patched = resolveStep(landing, 'landing', {
      ...getVariant(landings, 'fullPrice')!,
      overrides: { landing: { props: { title: 'landing.text' } } },
    });
    expect(patched.props).toMatchObject({ title: 'landing.text', text: 'landing.text', background: 'welcome' });
    expect(landing.props).toMatchObject({ title: 'landing.title' }); // the base flow is untouched
  });

  it('computes progress from the flow shape: 0 at the entry, 1 at the terminal step', () => {
    expect(progressOf(steps, 'landing', 'landing')).toBe(0);
    expect(progressOf(steps, 'landing', 'download')).toBe(1);
    const signup = progressOf(steps, 'landing', 'signup');
    const plans = progressOf(steps, 'landing', 'plans');
    expect(signup).toBeGreaterThan(0);
    expect(plans).toBeGreaterThan(signup);
    // optionsy skips /check-location: place-alerts is one step from the entry there
    expect(progressOf(steps, 'landing', 'place-alerts', getVariant(landings, 'optionsy'))).toBeLessThan(progressOf(steps, 'landing', 'place-alerts'));
  });

  it('follows both family branches to the shared checkout', () => {
    const join = progressOf(steps, 'family', 'enter-code');
    const create = progressOf(steps, 'family', 'enter-circle-name');
    expect(join).toBeGreaterThan(0);
    expect(create).toBeGreaterThan(0);
    expect(progressOf(steps, 'family', 'checkout')).toBeLessThan(1);
  });
});

describe('variants', () => {
  // the spec's routes are a contract: each must be served; a marketer's new variant adds to them
  it('serves the 18 landing routes of the spec plus /family', () => {
    const paths = variantIds(landings).flatMap((id) => getVariant(landings, id)!.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/discount',
        '/discountb',
        '/optionsa',
        '/optionsb',
        '/optionsc',
        '/optionsd',
        '/optionse',
        '/optionsf',
        '/optionsx',
        '/optionsy',
        '/optionsg',
        '/optionsh',
        '/optionsj',
        '/intro',
        '/latam',
        '/promo',
        '/trial',
        '/family',
      ]),
    );
  });

  it('takes the landing type from the first path segment, fullPrice for "/"', () => {
    expect(homeVariantId(landings)).toBe('fullPrice');
    expect(landingTypeFromPath(landings, '/')).toBe('fullPrice');
    expect(landingTypeFromPath(landings, '')).toBe('fullPrice');
    expect(landingTypeFromPath(landings, '/optionsy')).toBe('optionsy');
    expect(landingTypeFromPath(landings, '/family/name')).toBe('family');
    for (const id of variantIds(landings)) {
      for (const path of getVariant(landings, id)!.paths) expect(landingTypeFromPath(landings, path)).toBe(id);
    }
  });

  it('finds the variant of an exact path only', () => {
    expect(variantForPath(landings, '/discount')?.id).toBe('discount');
    expect(variantForPath(landings, '/discount/x')).toBeUndefined();
    expect(variantForPath(landings, '/check-location')).toBeUndefined();
  });

  it('falls back to fullPrice for an unknown recorded landing type', () => {
    expect(resolveActiveVariant(landings, '/signup/email', 'nope').id).toBe('fullPrice');
    expect(resolveActiveVariant(landings, '/signup/email', '$schema').id).toBe('fullPrice');
    expect(resolveActiveVariant(landings, '/signup/email', 'trial').variant.plans).toEqual(['gz-monthly-free3d-2999']);
  });

  it('names no variant of its own: the home variant is whichever serves "/", for any product', () => {
    // another product's landings: its home variant is called "home", and nothing is called fullPrice
    const other = structuredClone(landings) as Record<string, unknown>;
    other.home = { ...(other.fullPrice as object) };
    delete other.fullPrice;
    const renamed = other as unknown as typeof landings;
    expect(homeVariantId(renamed)).toBe('home');
    expect(landingTypeFromPath(renamed, '/')).toBe('home');
    expect(resolveActiveVariant(renamed, '/signup/email', '')).toMatchObject({ id: 'home', fromPath: false });
    expect(resolveActiveVariant(renamed, '/', '')).toMatchObject({ id: 'home', fromPath: true });
  });

  it('resolves the active variant by one rule: the opened variant path, then the recorded landing type', () => {
    expect(resolveActiveVariant(landings, '/optionsy', 'promo')).toMatchObject({ id: 'optionsy', fromPath: true });
    expect(resolveActiveVariant(landings, '/', 'promo')).toMatchObject({ id: 'fullPrice', fromPath: true });
    expect(resolveActiveVariant(landings, '/signup/email', 'promo')).toMatchObject({ id: 'promo', fromPath: false });
  });
});
