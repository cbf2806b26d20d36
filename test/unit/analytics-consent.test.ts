/** Consent rules and gating: destinations queue until consent, drop on refusal, and the visitor cookie follows the rule. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '../../engine/index.ts';
import { createConsentStore, destinationSinks } from '../../engine/analytics/runtime.ts';
import {
  CONSENT_STORAGE_KEY,
  MAX_HELD_EVENTS,
  browserTimeZone,
  countryFromHost,
  ruleFor,
  visitorCountries,
  sessionLeftEvents,
  visitorCookieAllowed,
  type ConsentRules,
} from '../../engine/analytics/index.ts';
import type { DestinationConfig, DestinationType } from '../../engine/analytics/index.ts';
import consentFile from '../../flows/consent.json';
import { MemoryStorage } from './memoryStorage.ts';
import zoneTable from 'countries-and-timezones';

/** The rule of flows/consent.json for a visitor in a time zone (its countries from the zone table, as the page does). */
const ruleAt = (timeZone: string, variant: string) => ruleFor(RULES, timeZone, variant, zoneTable.getTimezone(timeZone)?.countries ?? []);

const RULES = consentFile as unknown as ConsentRules;
const ev = (name: string): AnalyticsEvent => ({ kind: 'track', name, props: {}, userUuid: 'v', at: 0 });

/** A registration whose sink records what it received, and how often its code was loaded. */
function recorder(type: string) {
  const received: string[] = [];
  const consentCalls: boolean[] = [];
  let loads = 0;
  const registration: DestinationType = {
    type,
    validate: (s) => (s.ok === false ? ['settings.ok must not be false'] : []),
    load: async () => {
      loads += 1;
      return () => ({ send: (e) => void received.push(e.name), consentChanged: (c) => void consentCalls.push(c.marketing) });
    },
  };
  return { registration, received, consentCalls, loads: () => loads };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const config = (id: string, type: string, category: DestinationConfig['category']): DestinationConfig => ({ id, type, category, settings: {} });

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('consent rules (flows/consent.json)', () => {
  it('asks visitors in Europe with a banner, cookie only with analytics consent; elsewhere no banner', () => {
    const eu = ruleAt('Europe/Berlin', 'fullPrice');
    expect(eu).toMatchObject({ id: 'gdpr', banner: true, defaults: { analytics: false, marketing: false }, visitorCookie: 'analytics' });
    expect(ruleAt('Atlantic/Canary', 'discount').id).toBe('gdpr');
    expect(ruleAt('America/New_York', 'fullPrice')).toMatchObject({ id: 'notice', banner: false, visitorCookie: 'always' });
  });

  it('knows every EU/EEA territory, the UK and Switzerland from the time zone, outside the Europe/ zones too', () => {
    const zones = ['Africa/Ceuta', 'Indian/Reunion', 'America/Cayenne', 'America/Guadeloupe', 'America/Martinique', 'Indian/Mayotte', 'America/Marigot'];
    zones.push(
      'Atlantic/Madeira',
      'Atlantic/Azores',
      'Atlantic/Reykjavik',
      'Asia/Nicosia',
      'Asia/Famagusta',
      'Europe/Mariehamn',
      'Europe/London',
      'Europe/Zurich',
    );
    zones.push('Europe/Oslo', 'Europe/Vaduz', 'Europe/Gibraltar', 'Europe/Jersey', 'Arctic/Longyearbyen', 'Atlantic/Faroe');
    for (const zone of zones) expect(ruleAt(zone, 'fullPrice').id, zone).toBe('gdpr');
    for (const zone of ['America/Los_Angeles', 'Asia/Tokyo', 'Europe/Istanbul', 'America/Sao_Paulo']) expect(ruleAt(zone, 'fullPrice').id, zone).toBe('notice');
  });

  it('treats an unknown or UTC zone as needing consent', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'Etc/GMT+3', '', 'Mars/Olympus_Mons']) expect(ruleAt(zone, 'fullPrice').id, zone).toBe('gdpr');
  });

  it("prefers the country the host's edge names (the visitor_country cookie) over the time zone", async () => {
    let loaded = 0;
    const table = async () => ((loaded += 1), zoneTable);
    expect(countryFromHost({ cookie: 'a=1; visitor_country=de' })).toBe('DE');
    expect(countryFromHost({ cookie: 'visitor_country=XX' })).toBeUndefined(); // the CDN's "unknown"
    expect(countryFromHost({ cookie: 'visitor_country=<script>' })).toBeUndefined();
    const blocked = Object.defineProperty({}, 'cookie', {
      get: () => {
        throw new Error('SecurityError');
      },
    }) as Pick<Document, 'cookie'>;
    expect(countryFromHost(blocked)).toBeUndefined(); // cookies blocked: the time zone decides
    expect(await visitorCountries({ cookie: 'visitor_country=US' }, 'Europe/Paris', table)).toEqual(['US']);
    expect(loaded).toBe(0); // the zone table is not even loaded
    expect(await visitorCountries({ cookie: '' }, 'Indian/Reunion', table)).toEqual(['RE']);
    expect(await visitorCountries({ cookie: '' }, 'UTC', table)).toEqual([]);
    expect(await visitorCountries({ cookie: '' }, 'Europe/Paris', () => Promise.reject(new Error('offline')))).toEqual([]);
    expect(ruleFor(RULES, 'Europe/Paris', 'fullPrice', ['US']).id).toBe('notice');
    expect(ruleFor(RULES, 'America/New_York', 'fullPrice', ['FR']).id).toBe('gdpr');
  });

  it('matches rules by variant, and falls back to the strictest rule when none matches', () => {
    const rules: ConsentRules = {
      version: 1,
      rules: [{ id: 'promo', when: { variants: ['promo'] }, banner: true, defaults: { analytics: false, marketing: false }, visitorCookie: 'analytics' }],
    };
    expect(ruleFor(rules, 'UTC', 'promo').id).toBe('promo');
    expect(ruleFor(rules, 'UTC', 'discount')).toMatchObject({ id: 'strict', banner: true, visitorCookie: 'analytics' });
  });

  it('remembers the choice (same rules version only) and tells subscribers', () => {
    const rule = ruleAt('Europe/Paris', 'fullPrice');
    const store = createConsentStore(RULES, rule);
    expect(store.get()).toEqual({ analytics: false, marketing: false, decided: false });
    const seen: unknown[] = [];
    store.subscribe((s) => seen.push(s));
    store.decide({ analytics: true, marketing: false });
    expect(seen).toEqual([{ analytics: true, marketing: false, decided: true }]);
    expect(createConsentStore(RULES, rule).get()).toEqual({ analytics: true, marketing: false, decided: true });
    expect(createConsentStore({ ...RULES, version: 2 }, rule).get().decided).toBe(false);
    localStorage.setItem(CONSENT_STORAGE_KEY, '{not json');
    expect(createConsentStore(RULES, rule).get().decided).toBe(false);
  });

  it('allows the visitor cookie as the rule says', () => {
    const eu = ruleAt('Europe/Rome', 'fullPrice');
    expect(visitorCookieAllowed(eu, { analytics: false, marketing: true })).toBe(false);
    expect(visitorCookieAllowed(eu, { analytics: true, marketing: false })).toBe(true);
    expect(visitorCookieAllowed(ruleAt('Asia/Tokyo', 'fullPrice'), { analytics: false, marketing: false })).toBe(true);
  });
});

describe('destination gating', () => {
  const setup = (timeZone = 'Europe/Berlin') => {
    const consent = createConsentStore(RULES, ruleAt(timeZone, 'fullPrice'));
    const analytics = recorder('a');
    const marketing = recorder('m');
    let start: () => void = () => {};
    const ready = new Promise<void>((r) => (start = r));
    const warnings: string[] = [];
    const sinks = destinationSinks([config('stats', 'a', 'analytics'), config('ads', 'm', 'marketing')], {
      registrations: [analytics.registration, marketing.registration],
      consent,
      ready,
      window: {} as Window,
      warn: (m) => warnings.push(m),
    });
    const send = (name: string) => sinks.forEach((s) => s.send(ev(name)));
    return { consent, analytics, marketing, start, send, warnings };
  };

  it('holds events until start-up and consent, then loads each destination once and delivers them in order', async () => {
    const t = setup();
    t.send('one');
    t.start();
    await flush();
    t.send('two');
    expect(t.analytics.loads()).toBe(0);
    t.consent.decide({ analytics: true, marketing: true });
    await flush();
    t.send('three');
    expect(t.analytics.received).toEqual(['one', 'two', 'three']);
    expect(t.marketing.received).toEqual(['one', 'two', 'three']);
    expect(t.analytics.loads()).toBe(1);
  });

  it('drops held and later events of a refused category and never loads it', async () => {
    const t = setup();
    t.send('one');
    t.start();
    t.consent.decide({ analytics: true, marketing: false });
    await flush();
    t.send('two');
    expect(t.analytics.received).toEqual(['one', 'two']);
    expect(t.marketing.received).toEqual([]);
    expect(t.marketing.loads()).toBe(0);
  });

  it('refusing everything sends nothing anywhere', async () => {
    const t = setup();
    t.send('one');
    t.start();
    t.consent.decide({ analytics: false, marketing: false });
    t.send('two');
    await flush();
    expect([t.analytics.loads(), t.marketing.loads(), t.analytics.received.length, t.marketing.received.length]).toEqual([0, 0, 0, 0]);
  });

  it('a withdrawn consent stops delivery and is passed to the destination', async () => {
    const t = setup();
    t.start();
    t.consent.decide({ analytics: true, marketing: true });
    await flush();
    t.send('before');
    t.consent.decide({ analytics: true, marketing: false });
    t.send('after');
    expect(t.marketing.received).toEqual(['before']);
    expect(t.marketing.consentCalls).toEqual([false]);
    expect(t.analytics.received).toEqual(['before', 'after']);
  });

  it('without a banner (outside the rule region) delivers after start-up with no choice', async () => {
    const t = setup('America/Chicago');
    t.send('one');
    await flush();
    expect(t.analytics.received).toEqual([]);
    t.start();
    await flush();
    expect(t.analytics.received).toEqual(['one']);
  });

  it('holds at most MAX_HELD_EVENTS while waiting, dropping the oldest', async () => {
    const t = setup();
    t.start();
    for (let k = 0; k < MAX_HELD_EVENTS + 5; k++) t.send(`e${k}`);
    t.consent.decide({ analytics: true, marketing: true });
    await flush();
    expect(t.analytics.received).toHaveLength(MAX_HELD_EVENTS);
    expect(t.analytics.received[0]).toBe('e5');
  });

  it('skips an unknown type or bad settings with a warning, and survives a destination that fails to load', async () => {
    const consent = createConsentStore(RULES, ruleAt('America/New_York', 'fullPrice'));
    const warnings: string[] = [];
    const broken: DestinationType = { type: 'broken', validate: () => [], load: () => Promise.reject(new Error('blocked')) };
    const ok = recorder('ok');
    const sinks = destinationSinks(
      [
        config('x', 'nope', 'analytics'),
        { ...config('y', 'ok', 'analytics'), settings: { ok: false } },
        config('z', 'broken', 'marketing'),
        config('w', 'ok', 'necessary'),
      ],
      { registrations: [broken, ok.registration], consent, ready: Promise.resolve(), window: {} as Window, warn: (m) => warnings.push(m) },
    );
    expect(sinks).toHaveLength(2);
    sinks.forEach((s) => s.send(ev('one')));
    await flush();
    await flush();
    sinks.forEach((s) => s.send(ev('two')));
    expect(ok.received).toEqual(['one', 'two']);
    expect(warnings).toEqual([
      'analytics destination "x" is off: unknown type "nope"',
      'analytics destination "y" is off: settings.ok must not be false',
      'analytics destination "z" could not load',
    ]);
  });
});

describe('events left by a page for the next one (a reload or a quick step before a destination opened)', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });

  /** One page of the tab: its own window (pagehide), destinations and start-up; `opens` settles the stats destination's code load. */
  const page = (options: { timeZone?: string; slowStats?: boolean } = {}) => {
    const win = new EventTarget() as unknown as Window;
    const stats = recorder('a');
    const ads = recorder('m');
    let opens: () => void = () => {};
    if (options.slowStats) {
      const load = stats.registration.load;
      stats.registration.load = () => new Promise<void>((r) => (opens = r)).then(load);
    }
    const consent = createConsentStore(RULES, ruleAt(options.timeZone ?? 'America/New_York', 'fullPrice'));
    const sinks = destinationSinks([config('stats', 'a', 'analytics'), config('ads', 'm', 'marketing')], {
      registrations: [stats.registration, ads.registration],
      consent,
      ready: Promise.resolve(),
      window: win,
      leftEvents: sessionLeftEvents('measurement:held'),
    });
    return {
      stats,
      ads,
      consent,
      opens: () => opens(),
      send: (name: string) => sinks.forEach((s) => s.send(ev(name))),
      leave: () => win.dispatchEvent(new Event('pagehide')),
    };
  };

  it('hands what a destination still held while its code loaded to the next page, which delivers it first, once', async () => {
    const first = page({ slowStats: true });
    first.send('page-1');
    first.send('answer-1');
    await flush();
    expect(first.ads.received).toEqual(['page-1', 'answer-1']);
    first.leave();
    expect(JSON.parse(sessionStorage.getItem('measurement:held:stats')!).map((e: AnalyticsEvent) => e.name)).toEqual(['page-1', 'answer-1']);
    // the open destination delivered its events: it leaves nothing
    expect(sessionStorage.getItem('measurement:held:ads')).toBeNull();
    first.opens(); // a page kept in the back-forward cache: what it handed over is not delivered here as well
    await flush();
    expect(first.stats.received).toEqual([]);

    const second = page();
    expect(sessionStorage.getItem('measurement:held:stats')).toBeNull();
    second.send('page-2');
    await flush();
    expect(second.stats.received).toEqual(['page-1', 'answer-1', 'page-2']);
    expect(second.ads.received).toEqual(['page-2']);
    second.leave();
    expect(sessionStorage.length).toBe(0);
  });

  it('hands over events waiting for consent; a refusal on the next page drops them', async () => {
    const first = page({ timeZone: 'Europe/Berlin' });
    first.send('page-1');
    first.leave();
    const second = page({ timeZone: 'Europe/Berlin' });
    second.send('page-2');
    second.consent.decide({ analytics: true, marketing: false });
    await flush();
    expect(second.stats.received).toEqual(['page-1', 'page-2']);
    expect(second.ads.received).toEqual([]);
    expect(second.ads.loads()).toBe(0);
  });

  it('keeps the latest MAX_HELD_EVENTS, and reads none from corrupt or unavailable storage', () => {
    const left = sessionLeftEvents('k');
    const many = Array.from({ length: MAX_HELD_EVENTS + 5 }, (_, i) => ev(`e${i}`));
    expect(left.leave('x', many)).toBe(true);
    const taken = left.take('x');
    expect(taken).toHaveLength(MAX_HELD_EVENTS);
    expect(taken[0]!.name).toBe('e5');
    expect(left.take('x')).toEqual([]);
    sessionStorage.setItem('k', '{not json');
    expect(left.take('')).toEqual([]);
    expect(sessionStorage.getItem('k')).toBeNull();
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    });
    expect(left.leave('x', many)).toBe(false);
    expect(left.take('x')).toEqual([]);
  });
});

describe("the visitor's time zone", () => {
  it("is Temporal's where the browser has it (no Intl date formatter on the landing)", () => {
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone({ Temporal: { Now: { timeZoneId: () => 'Europe/Lisbon' } } })).toBe('Europe/Lisbon');
    expect(dateTimeFormat).not.toHaveBeenCalled();
    dateTimeFormat.mockRestore();
  });

  it("is Intl's without Temporal, or when Temporal throws", () => {
    const intl = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(browserTimeZone({})).toBe(intl);
    expect(
      browserTimeZone({
        Temporal: {
          Now: {
            timeZoneId: () => {
              throw new RangeError('no zone');
            },
          },
        },
      }),
    ).toBe(intl);
  });
});
