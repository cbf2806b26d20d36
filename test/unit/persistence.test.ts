import { applySaved, PERSIST_KEY, restore, serialize, startPersisting } from '../../engine/index.ts';
import { createFunnelStore, defaultState } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('persistence (root key, version 0)', () => {
  it('writes plans, ui, signup, family and events, never the access token or the other slices', () => {
    const store = createFunnelStore(productSlices);
    store.signup.token = 'secret-token';
    store.signup.email = 'a@b.co';
    store.options.answeredCount = 2;
    store.checkout.id = 'sub_1';
    const saved = JSON.parse(serialize(store));
    expect(saved.version).toBe(0);
    expect(Object.keys(saved).sort()).toEqual(['events', 'family', 'plans', 'signup', 'ui', 'version']);
    expect(saved.signup.email).toBe('a@b.co');
    expect(saved.signup).not.toHaveProperty('token');
    expect(JSON.stringify(saved)).not.toContain('secret-token');
  });

  it('round-trips the persisted slices', () => {
    const a = createFunnelStore(productSlices);
    a.plans.plan = 'gz-1-month-tiger';
    a.plans.landingType = 'discount';
    a.family.name = 'Olena';
    a.events.utm = { utm_source: 'fb' };
    const b = createFunnelStore(productSlices);
    expect(applySaved(b, serialize(a))).toBe('restored');
    expect(b.plans.plan).toBe('gz-1-month-tiger');
    expect(b.plans.landingType).toBe('discount');
    expect(b.family.name).toBe('Olena');
    expect(b.events.utm).toEqual({ utm_source: 'fb' });
  });

  it('falls back to defaults for corrupt JSON, a foreign version, or wrongly typed fields', () => {
    const store = createFunnelStore(productSlices);
    expect(applySaved(store, '{not json')).toBe('corrupt');
    expect(applySaved(store, '"a string"')).toBe('corrupt');
    expect(applySaved(store, JSON.stringify({ version: 3, plans: { plan: 'x' } }))).toBe('version-mismatch');
    expect(store.plans.plan).toBe('');
    const mixed = JSON.stringify({ version: 0, plans: { plan: 42, landingType: 'promo', utm: 'oops' }, ui: null, signup: { token: 'leak', email: 'e@x.io' } });
    expect(applySaved(store, mixed)).toBe('restored');
    expect(store.plans.plan).toBe('');
    expect(store.plans.landingType).toBe('promo');
    expect(store.plans.utm).toEqual({});
    expect(store.ui).toEqual(defaultState(productSlices).ui);
    expect(store.signup.token).toBe(''); // a token found in local storage is ignored
    expect(store.signup.email).toBe('e@x.io');
  });

  it('gives up restoring after the time-out and keeps the defaults', async () => {
    vi.useFakeTimers();
    const store = createFunnelStore(productSlices);
    const pending = restore(store, () => new Promise<string>(() => {}), 5000);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(pending).resolves.toBe('timeout');
    vi.useRealTimers();
    expect(store.plans).toEqual(defaultState(productSlices).plans);
  });

  it('reports a read that throws as corrupt instead of crashing', async () => {
    const store = createFunnelStore(productSlices);
    await expect(
      restore(store, () => {
        throw new Error('SecurityError');
      }),
    ).resolves.toBe('corrupt');
  });

  it('saves on change and reports a full storage once, keeping the state in memory', async () => {
    const store = createFunnelStore(productSlices);
    const writes: string[] = [];
    let full = false;
    const failed = vi.fn();
    const stop = startPersisting(store, failed, (value) => {
      if (full) return false;
      writes.push(value);
      return true;
    });
    store.plans.plan = 'gz-3-month-fox';
    await flush();
    expect(JSON.parse(writes.at(-1)!).plans.plan).toBe('gz-3-month-fox');
    full = true;
    store.family.name = 'A';
    await flush();
    store.family.name = 'B';
    await flush();
    expect(failed).toHaveBeenCalledTimes(1);
    expect(store.family.name).toBe('B');
    stop();
  });

  it('writes once for the changes of several slices made in one task, with every change in it', async () => {
    const store = createFunnelStore(productSlices);
    const writes: string[] = [];
    const stop = startPersisting(
      store,
      () => {},
      (value) => (writes.push(value), true),
    );
    writes.length = 0;
    store.plans.plan = 'gz-3-month-fox';
    store.signup.email = 'a@b.co';
    store.family.name = 'A';
    store.events.utm_source = 'meta';
    await flush();
    expect(writes).toHaveLength(1);
    const saved = JSON.parse(writes[0]!);
    expect([saved.plans.plan, saved.signup.email, saved.family.name, saved.events.utm_source]).toEqual(['gz-3-month-fox', 'a@b.co', 'A', 'meta']);
    store.plans.plan = 'gz-1-month-fox';
    await flush();
    expect(writes).toHaveLength(2);
    stop();
    store.plans.plan = 'gz-3-month-fox';
    await flush();
    expect(writes).toHaveLength(2);
  });

  it('uses one root key', () => {
    expect(PERSIST_KEY).toBe('persist:root');
  });

  it('a field saved under its earlier name is restored into the current one; the current name wins when both are saved', () => {
    const store = createFunnelStore(productSlices);
    const saved = { version: 0, signup: { email: 'a@example.com', gzUserID: 'u-1', stripePublishKey: 'pk_old', publishableKey: 'pk_new', btToken: 'bt' } };
    expect(applySaved(store, JSON.stringify(saved))).toBe('restored');
    expect(store.signup.userId).toBe('u-1');
    expect(store.signup.publishableKey).toBe('pk_new');
    expect(store.signup.clientToken).toBe('bt');
    expect((store.signup as unknown as Record<string, unknown>).gzUserID).toBeUndefined();
  });
});
