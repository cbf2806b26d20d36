import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { runStartup, ONBOARDING_STARTED_DELAY_MS, type StartupEnv } from '../../engine/index.ts';
import { ensureVisitorId, readCookie, VISITOR_COOKIE_DAYS } from '../../engine/index.ts';
import { MemoryStorage } from './memoryStorage.ts';

/** A document.cookie that behaves like a browser's: set one cookie at a time, read them all. */
function cookieJar(blocked = false) {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      writes.push(value);
      if (blocked) return;
      const [pair] = value.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!.trim(), v ?? '');
    },
  };
}

function env(overrides: Partial<StartupEnv> = {}) {
  const events: AnalyticsEvent[] = [];
  const steps: string[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const base: StartupEnv = {
    store: createFunnelStore(productSlices),
    analytics: createAnalytics([memorySink(events)]),
    document: cookieJar(),
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0',
    secure: true,
    preload: vi.fn(),
    preloadUrls: (isWebp) => (isWebp ? ['/a.webp', '/b.webp'] : ['/a.png', '/b.png']),
    attributionGlobal: '',
    getGlobal: () => undefined,
    setTimeout: (fn, ms) => timers.push({ fn, ms }),
    onStep: (name) => steps.push(name),
  };
  return { env: { ...base, ...overrides }, events, steps, timers };
}

describe('visitor id cookie', () => {
  it('creates a uuid cookie for 365 days, SameSite=Lax, Secure on https', async () => {
    const doc = cookieJar();
    const id = await ensureVisitorId(doc, true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(doc.writes[0]).toContain(`Max-Age=${VISITOR_COOKIE_DAYS * 86400}`);
    expect(doc.writes[0]).toContain('SameSite=Lax');
    expect(doc.writes[0]).toContain('Secure');
    expect(readCookie(doc, 'userUuid')).toBe(id);
  });

  it('keeps an existing id', async () => {
    const doc = cookieJar();
    doc.cookie = 'userUuid=existing-id';
    await expect(ensureVisitorId(doc, false)).resolves.toBe('existing-id');
  });

  it('polls every 500 ms while the cookie does not stick, then carries on in memory', async () => {
    const doc = cookieJar(true);
    const sleeps: number[] = [];
    const id = await ensureVisitorId(doc, false, async (ms) => void sleeps.push(ms));
    expect(id).toBeTruthy();
    expect(sleeps.every((ms) => ms === 500)).toBe(true);
    expect(sleeps.length).toBeGreaterThan(1);
  });
});

describe('start-up sequence (spec section 4)', () => {
  it('runs the steps in order and fills the visitor id, token and webp flag', async () => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    sessionStorage.setItem('access_token', 'tok-1');
    const { env: e, steps, events, timers } = env();
    const id = await runStartup(e);
    expect(steps).toEqual(['visitor-cookie', 'save-visitor', 'access-token', 'webp', 'preload', 'attribution', 'service-worker', 'analytics']);
    expect(e.store.events.visitorId).toBe(id);
    expect(e.store.events.analyticsData.userUuid).toBe(id);
    // spec start-up step 2: the identifier is saved in the signup state and the events state
    expect(e.store.signup.userUuid).toBe(id);
    expect(e.store.signup.token).toBe('tok-1');
    expect(e.store.ui.isWebp).toBe(true);
    expect(e.preload).toHaveBeenCalledWith(['/a.webp', '/b.webp']);
    expect(events.map((x) => x.name)).not.toContain('onboarding_started');
    const started = timers.find((t) => t.ms === ONBOARDING_STARTED_DELAY_MS)!;
    started.fn();
    expect(events.at(-1)).toMatchObject({ kind: 'track', name: 'onboarding_started', userUuid: id });
    vi.unstubAllGlobals();
  });

  it("restores the account of the session's token, which another tab's signup cannot change", async () => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    sessionStorage.setItem('access_token', 'tok-a');
    sessionStorage.setItem('access_account', JSON.stringify({ id: '7', email: 'a@example.com' }));
    const { env: e } = env();
    Object.assign(e.store.signup, { email: 'b@example.com', userId: '8' }); // persisted by another tab's later signup
    await runStartup(e);
    expect(e.store.signup).toMatchObject({ token: 'tok-a', accountId: '7', accountEmail: 'a@example.com', email: 'b@example.com' });
    vi.unstubAllGlobals();
  });

  it('unregisters every service worker', async () => {
    const unregister = vi.fn(async () => true);
    const { env: e } = env({ serviceWorker: { getRegistrations: async () => [{ unregister }, { unregister }] as unknown as ServiceWorkerRegistration[] } });
    await runStartup(e);
    expect(unregister).toHaveBeenCalledTimes(2);
  });

  it('polls every second for the attribution global, then sets the external id from the utm source', async () => {
    // the global appears only after the first poll
    let tracker: { setCustomerUserId: (id: string) => void } | undefined = undefined;
    const setCustomerUserId = vi.fn();
    const { env: e, timers } = env({ attributionGlobal: 'AF', getGlobal: () => tracker });
    e.store.events.utm_source = 'facebook';
    await runStartup(e);
    const poll = timers.find((t) => t.ms === 1000)!;
    expect(poll).toBeDefined();
    tracker = { setCustomerUserId };
    poll.fn();
    expect(setCustomerUserId).toHaveBeenCalledWith('facebook');
  });
});
