/**
 * One identity across the destinations of the preview environment (flows/destinations.json), through
 * the real analytics port, router and destination code: before signup, only the anonymous id; from
 * the signup's identify on, the account id is Segment's userId, GA4's user_id (`config` before the
 * first event that carries it) and Meta's advanced matching `external_id` (normalised, SHA-256 hex),
 * made before the signup's own events reach the pixel; a later page of a signed-up visitor (the id
 * restored with the store) does the same with its first event; and nothing of it without consent.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAnalytics } from '../../engine/index.ts';
import {
  destinationSinks,
  environmentOf,
  hashedExternalId,
  type ConsentState,
  type ConsentStore,
  type DestinationsFile,
} from '../../engine/analytics/runtime.ts';
import destinationsFile from '../../flows/destinations.json';
import { destinationTypes } from '../../screens/analytics/destinations.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';

type Message = { type: string; event?: string; userId?: string; anonymousId: string };
type Fbq = ((...args: unknown[]) => void) & { queue: unknown[][] };

const env = environmentOf(destinationsFile as unknown as DestinationsFile, true, PREVIEW_CONFIG);
const ofType = (type: string) => env.destinations.filter((d) => d.type === type);
const sha256 = (value: string): string => createHash('sha256').update(value.trim().toLowerCase()).digest('hex');

/** A page with the tag stubs' globals: fbq's queue and gtag's data layer are what the tags would read. */
function page(): { win: Window; batches: Message[][] } {
  const batches: Message[][] = [];
  const win = {
    location: { origin: 'https://f.example', href: 'https://f.example/signup', pathname: '/signup', search: '' },
    document: {
      title: 'Signup',
      createElement: () => ({}),
      head: { appendChild: () => undefined },
      addEventListener: () => undefined,
      visibilityState: 'visible',
    },
    navigator: {},
    addEventListener: () => undefined,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    fetch: async (_url: string, init: { body: string }) => {
      batches.push((JSON.parse(init.body) as { batch: Message[] }).batch);
      return new Response('{}', { status: 200 });
    },
  } as unknown as Window;
  return { win, batches };
}

const store = (state: ConsentState): ConsentStore => ({
  rule: {} as ConsentStore['rule'],
  get: () => state,
  decide: () => undefined,
  subscribe: () => () => undefined,
});

function funnel(consent: ConsentState, accountOfStore?: string) {
  const { win, batches } = page();
  const sinks = destinationSinks(env.destinations, { registrations: destinationTypes, consent: store(consent), ready: Promise.resolve(), window: win });
  // the context reader gives the account id a restored store holds (a later page), as eventContextReader does
  const analytics = createAnalytics(sinks, Date.now, () => (accountOfStore ? { userId: accountOfStore } : {}));
  analytics.setVisitor('anon-1');
  const fbqCalls = (): unknown[][] => [...((win as unknown as { fbq?: Fbq }).fbq?.queue ?? [])];
  const gtagCalls = (): unknown[][] => ((win as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((a) => Array.from(a));
  const messages = (): Message[] => batches.flat();
  return { analytics, fbqCalls, gtagCalls, messages };
}

const ALL = { analytics: true, marketing: true, decided: true };

describe('one identity across the destinations', () => {
  it('the account id is Segment userId, GA4 user_id and the hashed Meta external_id from the signup on; before it, the anonymous id only', async () => {
    expect(ofType('segment-http').length + ofType('ga4').length + ofType('meta-pixel').length).toBeGreaterThan(0);
    const f = funnel(ALL);
    f.analytics.page('/signup');
    f.analytics.track('Product List Viewed', { list_id: 'x' });
    await expect.poll(() => f.messages().length).toBe(2 * ofType('segment-http').length);
    // before signup: no account anywhere
    expect(f.messages().every((m) => m.userId === undefined && m.anonymousId === 'anon-1')).toBe(true);
    expect(f.gtagCalls().some((c) => c[0] === 'config' && 'user_id' in (c[2] as object))).toBe(false);
    expect(f.fbqCalls().some((c) => c[0] === 'init' && c.length === 3)).toBe(false);

    f.analytics.identify('Acct-42', { email: ' Ada@Example.com ' });
    f.analytics.track('Signed Up', { method: 'email' });
    await expect.poll(() => f.messages().length).toBe(4 * ofType('segment-http').length);
    // Segment: the identify and every later message carry the account id
    const after = f.messages().filter((m) => m.type === 'identify' || m.event === 'Signed Up');
    expect(after.every((m) => m.userId === 'Acct-42' && m.anonymousId === 'anon-1')).toBe(true);

    // GA4: the user id is configured before the signup's event
    for (const ga of ofType('ga4')) {
      const calls = f.gtagCalls();
      const configured = calls.findIndex(
        (c) => c[0] === 'config' && c[1] === ga.settings.measurementId && (c[2] as { user_id?: string }).user_id === 'Acct-42',
      );
      const signUp = calls.findIndex((c) => c[0] === 'event' && c[1] === ga.events?.['Signed Up']);
      expect(configured).toBeGreaterThan(-1);
      expect(configured).toBeLessThan(signUp);
      expect(calls[configured]![2]).toEqual({ send_page_view: false, user_id: 'Acct-42' });
    }

    // Meta: advanced matching with the hashed account id and e-mail, before the Lead of the signup
    if (ofType('meta-pixel').length) {
      await expect.poll(() => f.fbqCalls().filter((c) => c[0] === 'init' && c.length === 3).length).toBe(ofType('meta-pixel').length);
      const calls = f.fbqCalls();
      const matching = calls.findIndex((c) => c[0] === 'init' && c.length === 3);
      expect(calls[matching]![2]).toEqual({ em: sha256('ada@example.com'), external_id: sha256('acct-42') });
      expect(await hashedExternalId(' ACCT-42 ')).toBe(sha256('acct-42'));
      const lead = calls.findIndex((c) => c[1] === ofType('meta-pixel')[0]!.events?.['Signed Up']);
      expect(lead).toBeGreaterThan(matching);
      expect(JSON.stringify(calls)).not.toContain('Acct-42');
      expect(JSON.stringify(calls)).not.toContain('Example.com');
    }
  });

  it('a later page of a signed-up visitor sets the same id with its first event, once', async () => {
    const f = funnel(ALL, 'Acct-42');
    f.analytics.page('/checkout');
    f.analytics.track('Checkout Started', { value: 1, currency: 'USD' });
    await expect.poll(() => f.messages().length).toBe(2 * ofType('segment-http').length);
    expect(f.messages().every((m) => m.userId === 'Acct-42')).toBe(true);
    for (const ga of ofType('ga4')) {
      const configs = f.gtagCalls().filter((c) => c[0] === 'config' && (c[2] as { user_id?: string }).user_id);
      expect(configs).toEqual([['config', ga.settings.measurementId, { send_page_view: false, user_id: 'Acct-42' }]]);
    }
    if (ofType('meta-pixel').length) {
      await expect
        .poll(() => f.fbqCalls().filter((c) => c[0] === 'init' && c.length === 3))
        .toEqual([['init', ofType('meta-pixel')[0]!.settings.pixelId, { external_id: sha256('acct-42') }]]);
    }
  });

  it('without marketing consent Meta gets nothing; without analytics consent neither GA4 nor the collector', async () => {
    const f = funnel({ analytics: false, marketing: false, decided: true });
    f.analytics.identify('Acct-42', { email: 'ada@example.com' });
    f.analytics.track('Signed Up', { method: 'email' });
    await new Promise((r) => setTimeout(r, 50));
    expect(f.fbqCalls()).toEqual([]);
    expect(f.gtagCalls().some((c) => c[0] === 'config' && 'user_id' in (c[2] as object))).toBe(false);
    expect(f.messages()).toEqual([]);
  });
});
