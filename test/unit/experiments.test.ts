/**
 * Experiment assignment: GrowthBook's hash versions 1 and 2, namespaces, targeting and bucket ranges
 * (their published test cases; test/unit/growthbook-sdk.test.ts runs the SDK itself), spread
 * within statistical bounds over 10,000 visitor ids, stable per id, sticky records, QA overrides,
 * stopped experiments, the path -> variant hook, and the exposure event.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bucketRanges, chooseVariation, conditionMatches, fnv1a32, hashV1, hashV2, inNamespace, pageAttributes } from '../../engine/index.ts';
import { assign, earlyVisitorId, experimentChooser, hashedVariant, parseOverrides, recordExposure, type Experiment } from '../../engine/index.ts';
import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { experimentForPath, variantForPath } from '../../engine/index.ts';
import { ensureVisitorId } from '../../engine/index.ts';
import { resolveActiveVariant } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { dataWithLatamOffer } from '../fixtures/latamOffer.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { MemoryStorage } from './memoryStorage.ts';

afterEach(() => vi.unstubAllGlobals());

/** Deterministic version-4-shaped ids (mulberry32), so the statistical checks never flake. */
function visitorIds(count: number, seed = 7): string[] {
  let a = seed;
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  return Array.from({ length: count }, () => {
    const h = Array.from({ length: 4 }, () => next().toString(16).padStart(8, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  });
}

const experiment = (weights: number[], extra: Partial<Experiment> = {}): Experiment => ({
  paths: ['/latam'],
  status: 'running',
  variations: weights.map((_, k) => `v${k}`) as Experiment['variations'],
  weights: weights as Experiment['weights'],
  hashVersion: 2,
  ...extra,
});

const none = { overrides: {}, sticky: {} };

describe("GrowthBook's hashing (their SDK spec test cases)", () => {
  it('hash version 2', () => {
    const cases: Array<[string, string, number]> = [
      ['seed', 'a', 0.0505],
      ['seed', 'b', 0.2696],
      ['foo', 'ab', 0.2575],
      ['foo', 'def', 0.2019],
      ['89123klj', '8952klfjas09ujkasdf', 0.124],
      ['90850943850283058242805', '123', 0.7516],
      ['()**(%$##$%#$#', '___)((*":&', 0.0128],
      // the buckets their feature test cases report for experiment keys "experiment" and "holdout", id "1"
      ['experiment', '1', 0.4413],
      ['holdout', '1', 0.8043],
    ];
    for (const [seed, value, expected] of cases) expect(hashV2(seed, value), `${seed} ${value}`).toBe(expected);
    expect(fnv1a32('')).toBe(0x811c9dc5);
  });

  it('hash version 1 (value before seed, three decimals)', () => {
    const cases: Array<[string, string, number]> = [
      ['', 'a', 0.22],
      ['', 'b', 0.077],
      ['b', 'a', 0.946],
      ['ef', 'd', 0.652],
      ['', '123', 0.011],
      ['', '___)((*":&', 0.563],
    ];
    for (const [seed, value, expected] of cases) expect(hashV1(seed, value), `${seed} ${value}`).toBe(expected);
  });

  it('bucket ranges from weights and coverage', () => {
    const close = (actual: Array<[number, number]>, expected: number[][]): void =>
      actual.flat().forEach((n, k) => expect(n).toBeCloseTo(expected.flat()[k]!, 12));
    close(bucketRanges(2, 1, [0.5, 0.5]), [
      [0, 0.5],
      [0.5, 1],
    ]);
    close(bucketRanges(4), [
      [0, 0.25],
      [0.25, 0.5],
      [0.5, 0.75],
      [0.75, 1],
    ]);
    close(bucketRanges(3, 1, [0.2, 0.3, 0.5]), [
      [0, 0.2],
      [0.2, 0.5],
      [0.5, 1],
    ]);
    // coverage keeps the start of each range, so raising it never moves a visitor between variations
    close(bucketRanges(2, 0.5, [0.5, 0.5]), [
      [0, 0.25],
      [0.5, 0.75],
    ]);
    close(bucketRanges(3, 0.2, [0.2, 0.3, 0.5]), [
      [0, 0.04],
      [0.2, 0.26],
      [0.5, 0.6],
    ]);
    // as GrowthBook's SDK: weights that do not add up to 1, or are not one per variation, split evenly
    close(bucketRanges(2, 1, [50, 50]), [
      [0, 0.5],
      [0.5, 1],
    ]);
    close(bucketRanges(2, 1, [0.2, 0.3, 0.5]), [
      [0, 0.5],
      [0.5, 1],
    ]);
    close(bucketRanges(2, 7, [0.5, 0.5]), [
      [0, 0.5],
      [0.5, 1],
    ]);
  });

  it('namespaces: hash version 1 of the id with seed "__<namespace>", so ranges that do not overlap share no visitor', () => {
    const ids = visitorIds(2000);
    for (const id of ids.slice(0, 50)) expect(inNamespace(id, ['paywall', 0, 1])).toBe(true);
    const lower = ids.filter((id) => inNamespace(id, ['paywall', 0, 0.3]));
    const upper = ids.filter((id) => inNamespace(id, ['paywall', 0.3, 1]));
    expect(lower.length + upper.length).toBe(ids.length);
    expect(lower.every((id) => hashV1('__paywall', id) < 0.3)).toBe(true);
    expect(lower.length / ids.length).toBeGreaterThan(0.25);
    expect(lower.length / ids.length).toBeLessThan(0.35);
  });

  it('targeting: every attribute of the condition must pass, as GrowthBook evaluates $eq, $ne, $in, $nin and plain values', () => {
    const brazil = { country: 'BR', language: 'pt', utm_source: 'facebook' };
    expect(conditionMatches(undefined, brazil)).toBe(true);
    expect(conditionMatches({ country: { $in: ['BR', 'MX'] }, utm_source: 'facebook' }, brazil)).toBe(true);
    expect(conditionMatches({ country: { $in: ['BR', 'MX'] }, utm_source: 'google' }, brazil)).toBe(false);
    expect(conditionMatches({ language: { $nin: ['en'] } }, brazil)).toBe(true);
    expect(conditionMatches({ language: { $ne: 'pt' } }, brazil)).toBe(false);
    expect(conditionMatches({ language: { $eq: 'pt' } }, brazil)).toBe(true);
    // an unknown country is in no list and equal to nothing
    expect(conditionMatches({ country: { $in: ['BR'] } }, { language: 'pt' })).toBe(false);
    expect(conditionMatches({ country: { $nin: ['BR'] } }, { language: 'pt' })).toBe(true);
    expect(conditionMatches({ country: 'BR' }, {})).toBe(false);
  });

  it("reads the page's attributes: the edge's country cookie, <html lang> and utm_source (organic without one)", () => {
    const doc = (cookie: string) => ({ cookie, documentElement: { lang: 'pt' } }) as unknown as Document;
    expect(pageAttributes(doc('visitor_country=br; userUuid=x'), '?utm_source=facebook')).toEqual({ country: 'BR', language: 'pt', utm_source: 'facebook' });
    expect(pageAttributes(doc(''), '')).toEqual({ language: 'pt', utm_source: 'organic' });
  });

  it('chooses the range that holds the number, start included, end excluded', () => {
    const ranges = bucketRanges(3, 1, [0.2, 0.3, 0.5]);
    expect([0, 0.1999, 0.2, 0.4999, 0.5, 0.9999].map((n) => chooseVariation(n, ranges))).toEqual([0, 0, 1, 1, 2, 2]);
    expect(chooseVariation(1, ranges)).toBe(-1);
  });
});

describe('assignment spread over 10,000 visitor ids', () => {
  const ids = visitorIds(10_000);
  const counts = (e: Experiment): number[] => {
    const out = e.variations.map(() => 0);
    for (const id of ids) out[e.variations.indexOf(hashedVariant('latam-offer', e, id)!)]! += 1;
    return out;
  };
  const chiSquare = (observed: number[], shares: number[]): number =>
    observed.reduce((sum, o, k) => sum + (o - shares[k]! * ids.length) ** 2 / (shares[k]! * ids.length), 0);

  it('splits 50/50 within the chi-square bound (1 degree of freedom, p = 0.001: 10.83)', () => {
    const observed = counts(experiment([0.5, 0.5]));
    expect(observed.reduce((a, b) => a + b)).toBe(10_000);
    expect(chiSquare(observed, [0.5, 0.5])).toBeLessThan(10.83);
  });

  it('splits 20/30/50 within the chi-square bound (2 degrees of freedom, p = 0.001: 13.82)', () => {
    expect(chiSquare(counts(experiment([0.2, 0.3, 0.5])), [0.2, 0.3, 0.5])).toBeLessThan(13.82);
  });

  it('gives each id the same variant every time, and different seeds split independently', () => {
    const e = experiment([0.5, 0.5]);
    for (const id of ids.slice(0, 500)) expect(hashedVariant('latam-offer', e, id)).toBe(hashedVariant('latam-offer', e, id));
    const same = ids.filter((id) => hashedVariant('latam-offer', e, id) === hashedVariant('other-test', e, id)).length;
    expect(same / ids.length).toBeGreaterThan(0.47);
    expect(same / ids.length).toBeLessThan(0.53);
  });
});

describe('the decision', () => {
  const e = experiment([0.5, 0.5]);
  const id = visitorIds(1)[0]!;

  it('hashes a new visitor, then keeps the recorded assignment even when the weights change', () => {
    const first = assign('x', e, { ...none, visitorId: id })!;
    expect(first).toMatchObject({ experimentId: 'x', source: 'hash' });
    const reweighted = experiment(first.variant === 'v0' ? [0.001, 0.999] : [0.999, 0.001]);
    expect(assign('x', reweighted, { ...none, visitorId: id, sticky: { x: first.variant } })).toEqual({
      experimentId: 'x',
      variant: first.variant,
      variationId: String(e.variations.indexOf(first.variant)),
      source: 'sticky',
    });
    // a record of a variant the experiment no longer has is ignored
    expect(assign('x', e, { ...none, visitorId: id, sticky: { x: 'gone' } })?.source).toBe('hash');
  });

  it('leaves a visitor out (the path keeps its own variant, no exposure) outside the targeting, the namespace or the coverage', () => {
    const ids = visitorIds(400);
    const targeted = experiment([0.5, 0.5], { condition: { country: { $in: ['BR'] } } });
    expect(ids.every((visitorId) => assign('x', targeted, { ...none, visitorId, attributes: { country: 'DE' } }) === undefined)).toBe(true);
    expect(ids.every((visitorId) => assign('x', targeted, { ...none, visitorId, attributes: { country: 'BR' } })?.source === 'hash')).toBe(true);
    const spaced = experiment([0.5, 0.5], { namespace: ['paywall', 0, 0.5] });
    expect(ids.filter((visitorId) => assign('x', spaced, { ...none, visitorId })).every((visitorId) => inNamespace(visitorId, ['paywall', 0, 0.5]))).toBe(true);
    const covered = ids.filter((visitorId) => assign('x', experiment([0.5, 0.5], { coverage: 0.25 }), { ...none, visitorId })).length / ids.length;
    expect(covered).toBeGreaterThan(0.15);
    expect(covered).toBeLessThan(0.35);
    // no visitor id: nobody to hash
    expect(assign('x', e, { ...none, visitorId: '' })).toBeUndefined();
  });

  it('takes a QA override of a running experiment, only for one of its variants', () => {
    expect(parseOverrides('?exp=x:v1,y:b&lng=de')).toEqual({ x: 'v1', y: 'b' });
    expect(parseOverrides('?exp=broken,a:b:c,:v')).toEqual({});
    expect(assign('x', e, { visitorId: id, overrides: { x: 'v1' }, sticky: { x: 'v0' } })).toEqual({
      experimentId: 'x',
      variant: 'v1',
      variationId: '1',
      source: 'override',
    });
    expect(assign('x', e, { visitorId: id, overrides: { x: 'nope' }, sticky: {} })?.source).toBe('hash');
  });

  it("names each variation by GrowthBook's variation id: its meta key, else its index", () => {
    const keyed = experiment([0.5, 0.5], { meta: [{ key: 'control' }, { name: 'Trial (no key)' }] });
    const ids = visitorIds(200).map((visitorId) => assign('x', keyed, { ...none, visitorId })!);
    for (const a of ids) expect(a.variationId).toBe(a.variant === 'v0' ? 'control' : '1');
    expect(new Set(ids.map((a) => a.variationId))).toEqual(new Set(['control', '1']));
  });

  it('sends everyone to the winner of a stopped experiment, whatever their record or override', () => {
    const stopped = experiment([0.5, 0.5], { status: 'stopped', winner: 'v1' });
    for (const visitorId of visitorIds(50)) {
      expect(assign('x', stopped, { visitorId, overrides: { x: 'v0' }, sticky: { x: 'v0' } })).toEqual({
        experimentId: 'x',
        variant: 'v1',
        variationId: '1',
        source: 'winner',
      });
    }
  });
});

describe('the shipped flows', () => {
  it('open a landing path that no experiment splits as its own variant for everyone', () => {
    const variants = Object.entries(funnelData.landings).filter(([id]) => id !== '$schema') as Array<[string, { paths: string[] }]>;
    const unsplit = variants.flatMap(([id, v]) =>
      v.paths.filter((path) => !experimentForPath(funnelData.experiments, path)).map((path) => [id, path] as const),
    );
    expect(unsplit.length).toBeGreaterThan(0);
    for (const [id, path] of unsplit) {
      const ids = visitorIds(40).map(
        (visitorId) => variantForPath(funnelData.landings, path, experimentChooser(funnelData.experiments, { visitorId, search: '', sticky: () => ({}) }))!.id,
      );
      expect(new Set(ids), path).toEqual(new Set([id]));
    }
  });
});

describe('the path -> variant hook with the example experiment on /latam (test/fixtures/experiments)', () => {
  const sticky = (): Record<string, string> => ({});
  const { landings, experiments } = dataWithLatamOffer;

  it('opens /latam as latam or trial for different visitors, other paths as their own variant', () => {
    const seen = new Set(
      visitorIds(40).map((visitorId) => variantForPath(landings, '/latam', experimentChooser(experiments, { visitorId, search: '', sticky }))!.id),
    );
    expect([...seen].sort()).toEqual(['latam', 'trial']);
    const choose = experimentChooser(experiments, { visitorId: 'anyone', search: '', sticky });
    expect(variantForPath(landings, '/discount', choose)?.id).toBe('discount');
    expect(variantForPath(landings, '/check-location', choose)).toBeUndefined();
  });

  it('opens the override for QA', () => {
    for (const variant of ['latam', 'trial']) {
      const choose = experimentChooser(experiments, { visitorId: 'anyone', search: `?exp=latam-offer:${variant}`, sticky });
      expect(variantForPath(landings, '/latam', choose)?.id).toBe(variant);
    }
  });

  it("keeps showing the assigned variant on the later steps while the landing type stays the route's own", () => {
    const choose = experimentChooser(experiments, { visitorId: 'anyone', search: '', sticky: () => ({ 'latam-offer': 'trial' }) });
    // the landing type recorded on /latam is "latam"; the paywall behind it is the trial variant's
    expect(resolveActiveVariant(landings, '/signup/plans', 'latam', choose)).toMatchObject({ id: 'trial', fromPath: false });
    expect(resolveActiveVariant(landings, '/signup/plans', 'latam', choose).variant.plans).toEqual(['gz-monthly-free3d-2999']);
    // without an experiment on its path, a landing type is its own variant
    expect(resolveActiveVariant(landings, '/signup/plans', 'discount', choose).id).toBe('discount');
    expect(resolveActiveVariant(landings, '/signup/plans', 'latam').id).toBe('latam');
  });
});

describe('the exposure', () => {
  it('is recorded in the store and reported once per visitor and experiment', () => {
    const log: AnalyticsEvent[] = [];
    const analytics = createAnalytics([memorySink(log)]);
    const store = createFunnelStore(productSlices);
    recordExposure(store, analytics, { experimentId: 'latam-offer', variant: 'trial', variationId: '1', source: 'hash' });
    recordExposure(store, analytics, { experimentId: 'latam-offer', variant: 'trial', variationId: '1', source: 'sticky' });
    expect(store.events.experiments).toEqual({ 'latam-offer': 'trial' });
    // GrowthBook's variation id, and the landing type shown
    expect(log.map((e) => [e.name, e.props])).toEqual([['Experiment Viewed', { experiment_id: 'latam-offer', variation_id: '1', variant: 'trial' }]]);
  });

  it('is neither recorded nor reported for an override or a winner', () => {
    const log: AnalyticsEvent[] = [];
    const store = createFunnelStore(productSlices);
    recordExposure(store, createAnalytics([memorySink(log)]), { experimentId: 'a', variant: 'x', variationId: '0', source: 'override' });
    recordExposure(store, createAnalytics([memorySink(log)]), { experimentId: 'b', variant: 'y', variationId: '1', source: 'winner' });
    recordExposure(store, createAnalytics([memorySink(log)]), undefined);
    expect(store.events.experiments).toEqual({});
    expect(log).toEqual([]);
  });
});

describe('the visitor id before the first paint', () => {
  it('is the cookie when there is one', () => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    expect(earlyVisitorId({ cookie: 'lng=de; userUuid=abc-1' })).toBe('abc-1');
  });

  it('is made once per session without a cookie, and the visitor cookie later adopts it', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    const id = earlyVisitorId({ cookie: '' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(earlyVisitorId({ cookie: '' })).toBe(id);
    let jar = '';
    const doc = {
      get cookie() {
        return jar;
      },
      set cookie(v: string) {
        jar = v.split(';')[0]!;
      },
    };
    await expect(ensureVisitorId(doc, false, async () => {})).resolves.toBe(id);
    expect(jar).toBe(`userUuid=${id}`);
  });
});
