/** The visitor id survives a `document.cookie` that throws: start-up completes, the id is kept in storage or memory. */
import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { runStartup } from '../../engine/index.ts';
import { ensureVisitorId, keepVisitorId, readCookie, writeVisitorCookie } from '../../engine/index.ts';
import { MemoryStorage } from './memoryStorage.ts';

/** A document whose cookie property throws on read and write, as in a sandboxed frame. */
const throwingDocument = {
  get cookie(): string {
    throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
  },
  set cookie(_value: string) {
    throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('a document.cookie that throws', () => {
  it('reads as no cookie and refuses the write without throwing', () => {
    expect(readCookie(throwingDocument, 'userUuid')).toBeUndefined();
    expect(writeVisitorCookie(throwingDocument, 'id', true)).toBe(false);
  });

  it('keeps the visitor id in local storage and finds it again on the next visit', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    const sleep = vi.fn(async () => {});
    const first = await ensureVisitorId(throwingDocument, true, sleep);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(sleep).not.toHaveBeenCalled(); // a throwing cookie jar is not polled
    expect(localStorage.getItem('userUuid')).toBe(first);
    await expect(ensureVisitorId(throwingDocument, true, sleep)).resolves.toBe(first);
  });

  it('keeps an id allowed later (the consent rule decided after start-up) in local storage, and ensureVisitorId finds it', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    keepVisitorId(throwingDocument, 'later-id', true);
    expect(localStorage.getItem('userUuid')).toBe('later-id');
    await expect(ensureVisitorId(throwingDocument, true, async () => {})).resolves.toBe('later-id');
  });

  it('keeps an id allowed later in the cookie where cookies work, and nothing in local storage', () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    const jar = { cookie: '' };
    keepVisitorId(jar, 'cookie-id', false);
    expect(readCookie(jar, 'userUuid')).toBe('cookie-id');
    expect(localStorage.getItem('userUuid')).toBeNull();
  });

  it('keeps the id in memory when storage is off too', async () => {
    vi.stubGlobal('localStorage', undefined);
    await expect(ensureVisitorId(throwingDocument, false, async () => {})).resolves.toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets the start-up sequence finish with the id in the store', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    const events: AnalyticsEvent[] = [];
    const store = createFunnelStore(productSlices);
    const id = await runStartup({
      store,
      analytics: createAnalytics([memorySink(events)]),
      document: throwingDocument,
      userAgent: 'Mozilla/5.0 Chrome/124.0',
      secure: true,
      preload: () => {},
      preloadUrls: () => [],
      attributionGlobal: '',
      getGlobal: () => undefined,
      setTimeout: (fn) => fn(),
    });
    expect(store.events.visitorId).toBe(id);
    expect(events.find((e) => e.name === 'onboarding_started')?.userUuid).toBe(id);
  });
});
