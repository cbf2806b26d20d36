/**
 * Segment's consent object on every message of the Segment-format destination (the preview
 * environment's entries of flows/destinations.json, through the real router and sink): the shape of
 * Segment's Consent Management (`context.consent.categoryPreferences`, one boolean per category of
 * the consent rules), the visitor's choice when the message is made, and the new choice on every
 * message after a change of mind.
 */
import { describe, expect, it } from 'vitest';
import { createAnalytics } from '../../engine/index.ts';
import { CONSENT_CATEGORIES } from '../../engine/analytics/index.ts';
import {
  destinationSinks,
  environmentOf,
  segmentConsent,
  segmentDestination,
  type ConsentState,
  type ConsentStore,
  type DestinationsFile,
} from '../../engine/analytics/runtime.ts';
import consentSchema from '../../schemas/consent.schema.json';
import destinationsFile from '../../flows/destinations.json';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';

type Message = { type: string; event?: string; context: { consent?: { categoryPreferences: Record<string, boolean> } } };

/** A page whose fetches are the collector's batches. */
function page(bodies: Array<{ batch: Message[] }>): Window {
  return {
    location: { origin: 'https://f.example', href: 'https://f.example/', pathname: '/', search: '' },
    document: { title: 'Landing', addEventListener: () => undefined, visibilityState: 'visible' },
    navigator: {},
    addEventListener: () => undefined,
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    fetch: async (_url: string, init: { body: string }) => {
      bodies.push(JSON.parse(init.body));
      return new Response('{}', { status: 200 });
    },
  } as unknown as Window;
}

/** A consent store the test decides for. */
function consentStore(initial: ConsentState): ConsentStore & { change(next: ConsentState): void } {
  let state = initial;
  const listeners = new Set<(s: ConsentState) => void>();
  return {
    rule: {} as ConsentStore['rule'],
    get: () => state,
    decide: () => undefined,
    subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
    change(next) {
      state = next;
      listeners.forEach((l) => l(state));
    },
  };
}

describe("Segment's consent context", () => {
  it('names every consent category of the rules, necessary always granted', () => {
    const choiceCategories = Object.keys(consentSchema.definitions.choice.properties);
    expect([...CONSENT_CATEGORIES].sort()).toEqual(['necessary', ...choiceCategories].sort());
    expect(segmentConsent({ analytics: true, marketing: false })).toEqual({ categoryPreferences: { necessary: true, analytics: true, marketing: false } });
    // a consent state's other fields are not categories
    expect(Object.keys(segmentConsent({ analytics: false, marketing: false, decided: true } as ConsentState).categoryPreferences).sort()).toEqual(
      [...CONSENT_CATEGORIES].sort(),
    );
    // the workspace's own category ids where the destination maps them
    expect(segmentConsent({ analytics: true, marketing: true }, { marketing: 'Advertising' }).categoryPreferences).toEqual({
      necessary: true,
      analytics: true,
      Advertising: true,
    });
    expect(segmentDestination.validate({ url: '/c', consentCategories: { marketing: 'Advertising' } })).toEqual([]);
    expect(segmentDestination.validate({ url: '/c', consentCategories: { ads: 'Advertising', analytics: '' } })).toEqual([
      'settings.consentCategories.ads is not a consent category (necessary, analytics, marketing)',
      'settings.consentCategories.analytics must be the Segment category id (a non-empty string)',
    ]);
  });

  it('is on every message, and every message after a change of mind carries the new choice', async () => {
    const bodies: Array<{ batch: Message[] }> = [];
    const env = environmentOf(destinationsFile as unknown as DestinationsFile, true, PREVIEW_CONFIG);
    const segmentEntries = env.destinations.filter((d) => d.type === 'segment-http');
    expect(segmentEntries.length).toBeGreaterThan(0);
    const consent = consentStore({ analytics: true, marketing: true, decided: true });
    const sinks = destinationSinks(segmentEntries, { registrations: [segmentDestination], consent, ready: Promise.resolve(), window: page(bodies) });
    const analytics = createAnalytics(sinks);
    analytics.setVisitor('v-consent');
    const messages = (): Message[] => bodies.flatMap((b) => b.batch);

    analytics.page('/');
    analytics.track('onboarding_started');
    analytics.identify('acct-1', {});
    await expect.poll(() => messages().length).toBe(3 * segmentEntries.length);
    for (const m of messages()) expect(m.context.consent).toEqual({ categoryPreferences: { necessary: true, analytics: true, marketing: true } });

    // the visitor takes marketing back: analytics still flows, and says so
    consent.change({ analytics: true, marketing: false, decided: true });
    analytics.track('step_completed', { step: 'landing' });
    await expect.poll(() => messages().length).toBe(4 * segmentEntries.length);
    const after = messages().filter((m) => m.event === 'step_completed');
    expect(after.length).toBe(segmentEntries.length);
    for (const m of after) expect(m.context.consent).toEqual({ categoryPreferences: { necessary: true, analytics: true, marketing: false } });
  });

  it('gives events held for an undecided visitor the choice that let them go', async () => {
    const bodies: Array<{ batch: Message[] }> = [];
    const env = environmentOf(destinationsFile as unknown as DestinationsFile, true, PREVIEW_CONFIG);
    const segmentEntries = env.destinations.filter((d) => d.type === 'segment-http');
    const consent = consentStore({ analytics: false, marketing: false, decided: false });
    const sinks = destinationSinks(segmentEntries, { registrations: [segmentDestination], consent, ready: Promise.resolve(), window: page(bodies) });
    const analytics = createAnalytics(sinks);
    analytics.setVisitor('v-held');
    analytics.page('/');
    await new Promise((r) => setTimeout(r, 0));
    expect(bodies).toEqual([]);
    consent.change({ analytics: true, marketing: false, decided: true });
    await expect.poll(() => bodies.flatMap((b) => b.batch).length).toBe(segmentEntries.length);
    for (const m of bodies.flatMap((b) => b.batch))
      expect(m.context.consent).toEqual({ categoryPreferences: { necessary: true, analytics: true, marketing: false } });
  });
});
