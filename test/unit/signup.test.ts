import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { createHttpClients } from '../../screens/backend/http.ts';
import { serialize } from '../../engine/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { loadPaymentSettings, submitSignup, SIGNUP_FAILED_KEY } from '../../screens/product/signup.ts';
import { answerWith, SETTINGS_OK, SIGNUP_OK, type FakeReply as Reply, type SeenRequest as Seen } from '../fakeAxios.ts';
import { MemoryStorage } from './memoryStorage.ts';

function setup(reply: (req: Seen) => Reply | Promise<Reply>) {
  const store = createFunnelStore(productSlices);
  store.plans.landingType = 'discount';
  store.events.visitorId = 'visitor-1';
  const events: AnalyticsEvent[] = [];
  const analytics = createAnalytics([memorySink(events)]);
  const http = createHttpClients(PREVIEW_CONFIG, () => store.signup.token);
  const seen = answerWith(http, store, reply);
  const sleep = vi.fn(async (_ms: number) => {});
  return { store, events, seen, deps: { store, analytics, http, sleep }, sleep };
}

const route =
  (signup: Reply, settings: Reply | (() => Reply) = SETTINGS_OK) =>
  (req: Seen): Reply =>
    req.method === 'POST' ? signup : typeof settings === 'function' ? settings() : settings;

describe('submitSignup', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the signup with the loader on, stores the token and user, identifies, then loads payment settings without holding the visitor', async () => {
    const { store, events, seen, deps } = setup(route(SIGNUP_OK));
    expect(await submitSignup(deps, { email: '  anna@example.com ' })).toBe('success');
    // the step may move on now: the settings' request is under way, and a caller waits for that one
    expect(store.loader.show).toBe(false);
    await loadPaymentSettings(deps);
    expect(seen).toHaveLength(2);

    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/sandbox/webapi/api/v1/signup',
      body: { registration_source: 'email', name: 'anna@example.com', email: 'anna@example.com', landing_type: 'discount' },
      authorization: undefined,
      loaderOn: true,
    });
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/sandbox/portal/api/v1/users/me/payments-settings', authorization: 'Bearer tok-123' });
    expect(sessionStorage.getItem('access_token')).toBe('tok-123');
    expect(store.signup).toMatchObject({
      email: 'anna@example.com',
      isValid: true,
      token: 'tok-123',
      userId: '42',
      isSuccess: true,
      publishableKey: 'pk_test_1',
      accountName: 'Acme',
      skipPaywallDisabled: true,
      force3ds: true,
    });
    // the visitor id is the kernel's (events slice), untouched by the signup
    expect(store.events.visitorId).toBe('visitor-1');
    expect(events.find((e) => e.kind === 'identify')).toMatchObject({ name: '42', props: { email: 'anna@example.com' } });
    expect(store.loader.show).toBe(false);
    expect(store.error.show).toBe(false);
    // the persisted state never carries the access token
    expect(serialize(store)).not.toContain('tok-123');
  });

  it('sends the name when the funnel asked for one (the family flow)', async () => {
    const { store, seen, deps } = setup(route(SIGNUP_OK));
    store.family.name = 'Olena';
    await submitSignup(deps, { email: 'olena@example.com' });
    expect(seen[0]!.body).toMatchObject({ name: 'Olena', email: 'olena@example.com' });
  });

  it("shows the server's e-mail error in the banner (type signup) and keeps the address", async () => {
    const { store, events, seen, deps } = setup(route({ status: 422, data: { errors: { info: { email: 'This e-mail is already registered' } } } }));
    expect(await submitSignup(deps, { email: 'taken@example.com' })).toBe('failed');
    expect(store.error).toMatchObject({ show: true, type: 'signup', text: 'This e-mail is already registered', textKey: '' });
    expect(store.signup).toMatchObject({ isSuccess: false, email: 'taken@example.com', token: '' });
    expect(store.loader.show).toBe(false);
    expect(seen).toHaveLength(1); // no payment settings without an account
    expect(sessionStorage.getItem('access_token')).toBeNull();
    expect(events.some((e) => e.kind === 'identify')).toBe(false);
  });

  it('falls back to "Failed to create an account" when the server says nothing', async () => {
    const { store, deps } = setup(route({ status: 500 }));
    expect(await submitSignup(deps, { email: 'boom@fail.test' })).toBe('failed');
    expect(SIGNUP_FAILED_KEY).toBe('errors.signupFailed');
    expect(store.error).toMatchObject({ show: true, type: 'signup', text: '', textKey: 'errors.signupFailed' });
    expect(store.signup.isSuccess).toBe(false);
    expect(store.loader.show).toBe(false);
  });

  it('sends one request for a double submit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { seen, deps } = setup(async (req) => {
      if (req.method === 'POST') await gate;
      return req.method === 'POST' ? SIGNUP_OK : SETTINGS_OK;
    });
    const first = submitSignup(deps, { email: 'anna@example.com' });
    const second = submitSignup(deps, { email: 'anna@example.com' });
    expect(await second).toBe('busy');
    release();
    expect(await first).toBe('success');
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('retries the payment settings 2 more times, 1 s apart', async () => {
    let calls = 0;
    const { store, seen, deps, sleep } = setup(route(SIGNUP_OK, () => (++calls < 3 ? { status: 503 } : SETTINGS_OK)));
    expect(await submitSignup(deps, { email: 'anna@example.com' })).toBe('success');
    expect(await loadPaymentSettings(deps)).toBe(true);
    expect(seen.filter((r) => r.method === 'GET')).toHaveLength(3);
    expect(sleep.mock.calls).toEqual([[1000], [1000]]);
    expect(store.signup.publishableKey).toBe('pk_test_1');
  });

  it('gives up on the payment settings after 3 tries without undoing the signup', async () => {
    const { store, events, seen, deps, sleep } = setup(route(SIGNUP_OK, { status: 503 }));
    expect(await submitSignup(deps, { email: 'anna@example.com' })).toBe('success');
    expect(await loadPaymentSettings(deps)).toBe(false);
    expect(seen.filter((r) => r.method === 'GET')).toHaveLength(3);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(store.signup).toMatchObject({ isSuccess: true, token: 'tok-123', publishableKey: '' });
    expect(events.some((e) => e.name === 'payment_settings_failed')).toBe(true);
    expect(store.loader.show).toBe(false);
  });

  it('a second ask for the settings while they are on their way waits for that request; a later one asks again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { store, seen, deps } = setup(async (req) => {
      if (req.method === 'GET') await gate;
      return req.method === 'POST' ? SIGNUP_OK : SETTINGS_OK;
    });
    expect(await submitSignup(deps, { email: 'anna@example.com' })).toBe('success');
    const waiting = loadPaymentSettings(deps);
    release();
    expect(await waiting).toBe(true);
    expect(store.signup.publishableKey).toBe('pk_test_1');
    expect(seen.filter((r) => r.method === 'GET')).toHaveLength(1);
    await loadPaymentSettings(deps);
    expect(seen.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('starts the settings request when the screen says (once the next step is painted), once, and not at all when they have arrived since', async () => {
    const { store, seen, deps } = setup(route(SIGNUP_OK));
    const starts: (() => void)[] = [];
    const startSettings = (start: () => void): void => void starts.push(start);
    expect(await submitSignup({ ...deps, startSettings }, { email: 'anna@example.com' })).toBe('success');
    // the account exists and the step may move on; the settings request has not been built yet
    expect(seen.map((r) => r.method)).toEqual(['POST']);
    expect(starts).toHaveLength(1);
    starts[0]!();
    // a caller before the answer (the checkout) waits for the same request
    expect(await loadPaymentSettings(deps)).toBe(true);
    expect(seen.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(store.signup.publishableKey).toBe('pk_test_1');

    // a start that comes after the checkout already has the settings sends nothing
    const second = setup(route(SIGNUP_OK));
    const later: (() => void)[] = [];
    expect(await submitSignup({ ...second.deps, startSettings: (start) => void later.push(start) }, { email: 'ben@example.com' })).toBe('success');
    expect(await loadPaymentSettings(second.deps)).toBe(true);
    later[0]!();
    await Promise.resolve();
    expect(second.seen.map((r) => r.method)).toEqual(['POST', 'GET']);
  });

  it('does not sign the same address up twice after a reload', async () => {
    const { store, seen, deps } = setup(route(SIGNUP_OK));
    Object.assign(store.signup, { email: 'anna@example.com', isSuccess: true, token: 'tok-old', publishableKey: 'pk_x' });
    expect(await submitSignup(deps, { email: 'anna@example.com' })).toBe('success');
    expect(seen).toHaveLength(0);
  });
});
