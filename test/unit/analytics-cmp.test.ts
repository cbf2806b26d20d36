/**
 * A consent management platform in place of the built-in banner (IAB TCF v2.2 and a generic
 * get/subscribe CMP), its answers fed into the consent store every destination and Google Consent
 * Mode follow; and Google's advanced consent mode, where GA4 loads before any choice with
 * everything denied.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../../engine/index.ts';
import { choiceOfTcData, connectCmp, createConsentStore, destinationSinks, ga4Destination, type TcData } from '../../engine/analytics/runtime.ts';
import type { ConsentChoice, ConsentRules, DestinationType } from '../../engine/analytics/index.ts';

const OUTSIDE: ConsentChoice = { analytics: true, marketing: true };
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A window whose CMP is defined after `delay` ms. */
function windowWithCmp(define: (win: Record<string, unknown>) => void, delay = 0): Window {
  const win: Record<string, unknown> = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) };
  setTimeout(() => define(win), delay);
  return win as unknown as Window;
}

describe('IAB TCF v2.2', () => {
  it('maps purposes to the categories: analytics 1 + 8, marketing 1 + 3 + 4 + 7; nothing before the visitor answers', () => {
    const tc = (consents: Record<number, boolean>, eventStatus: TcData['eventStatus'] = 'useractioncomplete'): TcData => ({
      eventStatus,
      gdprApplies: true,
      purpose: { consents },
    });
    expect(choiceOfTcData(tc({ 1: true, 8: true }), OUTSIDE)).toEqual({ analytics: true, marketing: false });
    expect(choiceOfTcData(tc({ 1: true, 3: true, 4: true, 7: true }), OUTSIDE)).toEqual({ analytics: false, marketing: true });
    expect(choiceOfTcData(tc({ 3: true, 4: true, 7: true, 8: true }), OUTSIDE)).toEqual({ analytics: false, marketing: false }); // no storage (purpose 1)
    expect(choiceOfTcData(tc({ 1: true, 8: true }, 'cmpuishown'), OUTSIDE)).toBeUndefined();
    expect(choiceOfTcData({ eventStatus: 'tcloaded', gdprApplies: false }, OUTSIDE)).toEqual(OUTSIDE);
  });

  it("listens through __tcfapi('addEventListener', 2, …) once the CMP's script has defined it, and feeds every answer to the consent store", async () => {
    let listener: ((data: TcData, success: boolean) => void) | undefined;
    const commands: unknown[][] = [];
    const win = windowWithCmp((w) => {
      w.__tcfapi = (command: string, version: number, cb: (data: TcData, success: boolean) => void) => {
        commands.push([command, version]);
        listener = cb;
      };
    }, 50);
    const rules: ConsentRules = { version: 1, cmp: { type: 'tcf' }, rules: [] };
    const consent = createConsentStore(rules, { id: 'gdpr', banner: true, defaults: { analytics: false, marketing: false }, visitorCookie: 'analytics' });
    const connected = connectCmp(rules.cmp!, win, OUTSIDE, (c) => consent.decide(c), 2000);
    expect(await connected).toBe(true);
    expect(commands).toEqual([['addEventListener', 2]]);
    listener!({ eventStatus: 'cmpuishown', gdprApplies: true }, true);
    expect(consent.get().decided).toBe(false);
    listener!({ eventStatus: 'useractioncomplete', gdprApplies: true, purpose: { consents: { 1: true, 8: true } } }, true);
    expect(consent.get()).toMatchObject({ analytics: true, marketing: false, decided: true, source: 'tcf' });
    listener!({ eventStatus: 'useractioncomplete', gdprApplies: true, purpose: { consents: { 1: true, 3: true, 4: true, 7: true, 8: true } } }, true);
    expect(consent.get()).toMatchObject({ analytics: true, marketing: true, decided: true, source: 'tcf' });
  });

  it('a CMP that never appears grants nothing', async () => {
    const win = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) } as unknown as Window;
    const choices: ConsentChoice[] = [];
    expect(await connectCmp({ type: 'tcf' }, win, OUTSIDE, (c) => choices.push(c), 300)).toBe(false);
    expect(choices).toEqual([]);
  });
});

describe('a generic CMP', () => {
  it('reads get() at once and follows subscribe(listener)', async () => {
    let notify: (c: ConsentChoice) => void = () => {};
    const win = windowWithCmp((w) => {
      w.myCmp = { get: () => ({ analytics: true, marketing: false }), subscribe: (l: (c: ConsentChoice) => void) => (notify = l) };
    });
    const choices: ConsentChoice[] = [];
    expect(await connectCmp({ type: 'generic', global: 'myCmp' }, win, OUTSIDE, (c) => choices.push(c), 1000)).toBe(true);
    notify({ analytics: false, marketing: false });
    expect(choices).toEqual([
      { analytics: true, marketing: false },
      { analytics: false, marketing: false },
    ]);
  });
});

describe("Google's advanced consent mode", () => {
  const ev = (name: string): AnalyticsEvent => ({ kind: 'track', name, props: {}, userUuid: 'v', at: 0 });

  it('loads GA4 before any choice and sends its events with every signal denied; basic mode waits for consent', async () => {
    const loads: string[] = [];
    const received: string[] = [];
    const registration: DestinationType = {
      type: 'ga4',
      validate: ga4Destination.validate,
      load: async () => (config) => (loads.push(config.id), { send: (e) => void received.push(`${config.id}:${e.name}`) }),
    };
    const consent = createConsentStore(
      { version: 1, rules: [] },
      { id: 'gdpr', banner: true, defaults: { analytics: false, marketing: false }, visitorCookie: 'analytics' },
    );
    const settings = (consentMode: string) => ({ measurementId: 'G-TEST1234', consentMode });
    const sinks = destinationSinks(
      [
        { id: 'advanced', type: 'ga4', category: 'analytics', settings: settings('advanced') },
        { id: 'basic', type: 'ga4', category: 'analytics', settings: settings('basic') },
      ],
      { registrations: [registration], consent, ready: Promise.resolve(), window: {} as Window },
    );
    sinks.forEach((s) => s.send(ev('Checkout Started')));
    await flush();
    expect(loads).toEqual(['advanced']);
    expect(received).toEqual(['advanced:Checkout Started']);
    expect(ga4Destination.validate(settings('sometimes'))).toEqual(['settings.consentMode must be "basic" or "advanced"']);
  });
});
