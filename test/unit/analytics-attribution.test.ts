/**
 * Attribution kept from the ad click to the purchase: Meta's `_fbc` / `_fbp` in their documented
 * format, the subscription call's attribution object (ad ids only with marketing consent), Global
 * Privacy Control as an opt-out of advertising, an eventID on every pixel event, advanced matching
 * with the hashed e-mail, and GA4 page views that keep the query and the step's title.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFunnelStore, gaClientIdOf, subscriptionAttribution, type AnalyticsEvent } from '../../engine/index.ts';
import { fbcOf, fbpOf, globalPrivacyControl, honourGpc, metaIds, ruleFor, type ConsentRules } from '../../engine/analytics/index.ts';
import { createGa4 } from '../../engine/analytics/ga4.ts';
import { createMetaPixel, hashedEmail } from '../../engine/analytics/metaPixel.ts';
import { productSlices } from '../../screens/product/slices.ts';
import consentRules from '../../flows/consent.json';

/** A cookie jar with document.cookie's semantics (name=value; attributes ignored). */
function cookieDoc(initial = ''): { cookie: string; written: string[] } {
  const jar = new Map(initial ? initial.split('; ').map((c) => c.split('=') as [string, string]) : []);
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(value: string) {
      written.push(value);
      const [pair] = value.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!, v!);
    },
  };
}

describe("Meta's _fbc and _fbp", () => {
  it('follow the documented format fb.<subdomain index>.<creation time in ms>.<fbclid | random number>', () => {
    expect(fbcOf('IwAR2xYz', 1_700_000_000_123)).toBe('fb.1.1700000000123.IwAR2xYz');
    expect(fbpOf(1_700_000_000_123, () => 0.25)).toBe('fb.1.1700000000123.536870912');
    expect(fbpOf(Date.now())).toMatch(/^fb\.1\.\d{13}\.\d+$/);
  });

  it("keep the pixel's cookies when present, else write new ones for 90 days; a new click replaces the old fbc", () => {
    const doc = cookieDoc('_fbp=fb.1.1600000000000.111; _fbc=fb.1.1600000000000.OLD');
    expect(metaIds(doc, {})).toEqual({ fbp: 'fb.1.1600000000000.111', fbc: 'fb.1.1600000000000.OLD' });
    expect(doc.written).toEqual([]);
    expect(metaIds(doc, { fbclid: 'NEW', clickAt: 1_700_000_000_000 }).fbc).toBe('fb.1.1700000000000.NEW');
    const fresh = cookieDoc();
    const ids = metaIds(fresh, {}, { now: 1_700_000_000_000, random: () => 0.5, secure: true });
    expect(ids).toEqual({ fbp: 'fb.1.1700000000000.1073741824', fbc: '' });
    expect(fresh.written).toEqual(['_fbp=fb.1.1700000000000.1073741824; Max-Age=7776000; Path=/; SameSite=Lax; Secure']);
  });
});

describe("the subscription call's attribution", () => {
  const store = createFunnelStore(productSlices);
  store.events.clickIds = { gclid: 'G1', wbraid: 'W1', fbclid: 'F1' };
  const env = { gpc: false, userAgent: 'UA/1', pageUrl: 'https://f.example/checkout', meta: () => ({ fbp: 'fb.1.1.2', fbc: 'fb.1.1.F1' }) };

  it('carries fbp, fbc, the click ids, user agent, page and consent state with marketing consent', () => {
    expect(subscriptionAttribution(store, { ...env, consent: { analytics: true, marketing: true } })).toEqual({
      consent: { analytics: true, marketing: true, gpc: false },
      user_agent: 'UA/1',
      page_url: 'https://f.example/checkout',
      fbp: 'fb.1.1.2',
      fbc: 'fb.1.1.F1',
      gclid: 'G1',
      wbraid: 'W1',
      fbclid: 'F1',
    });
  });

  it('without marketing consent: only the consent state, user agent and page (no ad ids, no Meta cookie written)', () => {
    let asked = false;
    const out = subscriptionAttribution(store, {
      ...env,
      gpc: true,
      consent: { analytics: true, marketing: false },
      meta: () => ((asked = true), { fbp: 'x', fbc: 'y' }),
    });
    expect(out).toEqual({ consent: { analytics: true, marketing: false, gpc: true }, user_agent: 'UA/1', page_url: 'https://f.example/checkout' });
    expect(asked).toBe(false);
  });

  it("with marketing consent but Meta's destination refused (no meta reader): the other click ids and each destination's decision, nothing of Meta's", () => {
    const vendors = { collector: true, meta: false, ga4: true };
    const { meta: _reader, ...withoutMeta } = env;
    expect(subscriptionAttribution(store, { ...withoutMeta, consent: { analytics: true, marketing: true, vendors } })).toEqual({
      consent: { analytics: true, marketing: true, gpc: false, vendors },
      user_agent: 'UA/1',
      page_url: 'https://f.example/checkout',
      gclid: 'G1',
      wbraid: 'W1',
    });
  });
});

describe("the attribution's visitor and GA4 client ids (for the purchase relay's Segment and GA4 sends)", () => {
  const env = { gpc: false, userAgent: 'UA/1', pageUrl: 'https://f.example/checkout', meta: () => ({ fbp: '', fbc: '' }), gaClientId: () => '111.222' };

  it('carries the visitor id and the client id of the _ga cookie with analytics consent only', () => {
    const store = createFunnelStore(productSlices);
    store.events.visitorId = 'v-1';
    expect(subscriptionAttribution(store, { ...env, consent: { analytics: true, marketing: false } })).toMatchObject({
      anonymous_id: 'v-1',
      ga_client_id: '111.222',
    });
    const refused = subscriptionAttribution(store, { ...env, consent: { analytics: false, marketing: true } });
    expect(refused).not.toHaveProperty('anonymous_id');
    expect(refused).not.toHaveProperty('ga_client_id');
  });

  it("reads GA4's client id from a _ga cookie value, nothing from anything else", () => {
    expect(gaClientIdOf('GA1.1.1234567890.1700000000')).toBe('1234567890.1700000000');
    expect(gaClientIdOf('GA1.2.987.654')).toBe('987.654');
    for (const bad of ['', 'GA1.1.abc.1', '1234567890.1700000000', 'GA1.1.1.2.3']) expect(gaClientIdOf(bad)).toBe('');
  });
});

describe('Global Privacy Control', () => {
  it('is read from navigator.globalPrivacyControl and turns advertising off under a rule without a banner', () => {
    expect(globalPrivacyControl({ globalPrivacyControl: true })).toBe(true);
    expect(globalPrivacyControl({})).toBe(false);
    const notice = ruleFor(consentRules as unknown as ConsentRules, 'America/Los_Angeles', 'fullPrice', ['US']);
    expect(notice.defaults.marketing).toBe(true);
    expect(honourGpc(notice, true).defaults).toEqual({ analytics: notice.defaults.analytics, marketing: false });
    expect(honourGpc(notice, false)).toBe(notice);
  });
});

/** A window with what the tag destinations touch; scripts never load (the calls stay queued). */
function fakeWindow(href = 'https://f.example/signup/plans?utm_source=google&gclid=G1'): Window {
  const url = new URL(href);
  return {
    location: { origin: url.origin, href, pathname: url.pathname, search: url.search },
    document: { title: 'old', createElement: () => ({}), head: { appendChild: () => undefined } },
  } as unknown as Window;
}

const ev = (e: Partial<AnalyticsEvent>): AnalyticsEvent => ({ kind: 'track', name: 'x', props: {}, userUuid: 'v', at: 0, ...e });

describe('Meta Pixel', () => {
  const settings = (n: number) => ({ pixelId: '1234567890123456', scriptUrl: `/fbevents-${n}.js` });

  it("sends every event with an eventID (its id; the purchase: the subscription call's fb_event_id), custom events with trackCustom", () => {
    const calls: unknown[][] = [];
    const pixel = createMetaPixel(
      {
        id: 'meta',
        type: 'meta-pixel',
        category: 'marketing',
        settings: settings(1),
        events: { page: 'PageView', 'Order Completed': 'Purchase', 'Experiment Viewed': 'Experiment Viewed' },
      },
      { window: fakeWindow(), consent: { analytics: true, marketing: true }, report: (c) => calls.push(c as unknown[]) },
    );
    pixel.send(ev({ kind: 'page', name: '/', id: 'm-1' }));
    pixel.send(ev({ name: 'Order Completed', id: 'm-2', props: { revenue: 9.99, currency: 'USD', event_id: 'fb-evt', products: [{ product_id: 'p' }] } }));
    pixel.send(ev({ name: 'Experiment Viewed', id: 'm-3', props: { experiment_id: 'e', variation_id: 'b' } }));
    expect(calls.slice(1)).toEqual([
      ['track', 'PageView', {}, { eventID: 'm-1' }],
      ['track', 'Purchase', { value: 9.99, currency: 'USD', content_ids: ['p'], content_type: 'product' }, { eventID: 'fb-evt' }],
      ['trackCustom', 'Experiment Viewed', { experiment_id: 'e', variation_id: 'b' }, { eventID: 'm-3' }],
    ]);
  });

  it('advanced matching: the identify adds the normalised, SHA-256 hashed e-mail and account id to the pixel, never the address', async () => {
    const calls: unknown[][] = [];
    const pixel = createMetaPixel(
      { id: 'meta', type: 'meta-pixel', category: 'marketing', settings: settings(2) },
      { window: fakeWindow(), consent: { analytics: true, marketing: true }, report: (c) => calls.push(c as unknown[]) },
    );
    pixel.send(ev({ kind: 'identify', name: 'acc-1', props: { email: '  Ada.Lovelace@Example.COM ' } }));
    await new Promise((r) => setTimeout(r, 10));
    const em = createHash('sha256').update('ada.lovelace@example.com').digest('hex');
    const externalId = createHash('sha256').update('acc-1').digest('hex');
    expect(calls).toEqual([
      ['init', '1234567890123456'],
      ['init', '1234567890123456', { em, external_id: externalId }],
    ]);
    expect(JSON.stringify(calls)).not.toContain('Lovelace');
    expect(await hashedEmail('not an address')).toBeUndefined();
  });
});

describe('GA4 page views', () => {
  it('keep the whole address (utm and click ids) in page_location and carry the title of the step they are for', () => {
    const calls: unknown[][] = [];
    const win = fakeWindow();
    const ga = createGa4(
      { id: 'ga4', type: 'ga4', category: 'analytics', settings: { measurementId: 'G-TEST1234', scriptUrl: '/gtag-1.js' }, events: { page: 'page_view' } },
      { window: win, consent: { analytics: true, marketing: false }, report: (c) => calls.push(c as unknown[]) },
    );
    const page = {
      path: '/signup/plans',
      url: win.location.href,
      search: win.location.search,
      title: 'Choose your plan · Family Locator',
      referrer: 'https://www.google.com/',
    };
    ga.send(ev({ kind: 'page', name: '/signup/plans', props: { step: 'plans', title: 'Choose your plan · Family Locator' }, context: { page } }));
    expect(calls.at(-1)).toEqual([
      'event',
      'page_view',
      {
        page_path: '/signup/plans',
        page_location: 'https://f.example/signup/plans?utm_source=google&gclid=G1',
        page_title: 'Choose your plan · Family Locator',
        page_referrer: 'https://www.google.com/',
      },
    ]);
  });
});
