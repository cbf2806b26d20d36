/**
 * Vendor-level consent: a destination runs only when the purposes and the vendor it declares in
 * flows/destinations.json are consented (a GVL vendor by its id, a vendor not on the GVL by the CMP's
 * custom-vendor answer or Google's Additional Consent string), or a declared legitimate interest
 * stands; a vendor with no signal is refused. Under the built-in banner the category is the signal.
 * Google Consent Mode's signals follow Google's vendor consent as well as the purposes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '../../engine/index.ts';
import {
  additionalConsentProviders,
  categoryPreferences,
  connectCmp,
  createConsentStore,
  destinationChoice,
  destinationMayRun,
  destinationSinks,
  destinationStatus,
  readCustomVendor,
  signalOfTcData,
  vendorAllowed,
  type DestinationConsent,
  type TcData,
  type TcfSignal,
} from '../../engine/analytics/runtime.ts';
import type { ConsentChoice, ConsentRule, ConsentRules, DestinationConfig, DestinationType } from '../../engine/analytics/index.ts';
import destinationsFile from '../../flows/destinations.json';
import { MemoryStorage } from './memoryStorage.ts';

const DESTINATIONS = destinationsFile.environments.preview.destinations as unknown as DestinationConfig[];
const GDPR: ConsentRule = { id: 'gdpr', banner: true, defaults: { analytics: false, marketing: false }, visitorCookie: 'analytics' };
const TCF_RULES: ConsentRules = { version: 1, cmp: { type: 'tcf' }, rules: [GDPR] };
const byVendor = (test: (d: DestinationConsent) => boolean): DestinationConfig => {
  const found = DESTINATIONS.find((d) => d.consent && test(d.consent));
  if (!found) throw new Error('flows/destinations.json declares no such destination');
  return found;
};
const GVL_DESTINATION = byVendor((c) => c.vendor.tcf !== undefined);
const AC_DESTINATION = byVendor((c) => c.vendor.googleAc !== undefined);
const PUBLISHER_DESTINATION = byVendor((c) => c.vendor.publisher === true);
const flags = (ids: readonly number[]): Record<string, boolean> => Object.fromEntries(ids.map((id) => [String(id), true]));
const allPurposes = [...new Set(DESTINATIONS.flatMap((d) => d.consent?.purposes ?? []))];

/** A TCF answer granting `purposes`, the GVL `vendors` and, in the AC string, `acProviders`. */
function signal(o: {
  purposes?: readonly number[];
  vendors?: readonly number[];
  ac?: string;
  custom?: [string, boolean][];
  li?: { purposes?: number[]; vendors?: number[] };
}): TcfSignal {
  return {
    gdprApplies: true,
    purposeConsents: flags(o.purposes ?? []),
    purposeLegitimateInterests: flags(o.li?.purposes ?? []),
    vendorConsents: flags(o.vendors ?? []),
    vendorLegitimateInterests: flags(o.li?.vendors ?? []),
    additionalConsent: additionalConsentProviders(o.ac),
    customVendors: new Map(o.custom ?? []),
  };
}
const tcfState = (tcf: TcfSignal, choice: ConsentChoice = { analytics: true, marketing: true }) => ({ ...choice, decided: true, source: 'tcf' as const, tcf });
const everything = (d: DestinationConfig): TcfSignal => {
  const v = d.consent!.vendor;
  return signal({ purposes: d.consent!.purposes, vendors: v.tcf ? [v.tcf] : [], ac: v.googleAc ? `2~${v.googleAc}~dv.` : undefined });
};

beforeEach(() => void vi.stubGlobal('localStorage', new MemoryStorage()));
afterEach(() => void vi.unstubAllGlobals());

describe("Google's Additional Consent string", () => {
  it('reads the consented providers of v1 and v2 strings; disclosed ones (after ~dv.) are not consented', () => {
    expect(additionalConsentProviders('1~89.2008.2072')).toEqual(new Set([89, 2008, 2072]));
    expect(additionalConsentProviders('2~1.35.41.101~dv.9.21.81')).toEqual(new Set([1, 35, 41, 101]));
    expect(additionalConsentProviders('2~1.2.3~dv')).toEqual(new Set([1, 2, 3]));
    expect(additionalConsentProviders('2~~dv.89.9')).toEqual(new Set());
    for (const bad of [undefined, '', '3~89', '1~89.x', '2~89~9.21', 42]) expect(additionalConsentProviders(bad), String(bad)).toBeUndefined();
  });
});

describe('the decision for each destination of flows/destinations.json under a TCF answer', () => {
  it('runs a destination when its purposes and its vendor are consented', () => {
    for (const d of DESTINATIONS) expect(destinationStatus(tcfState(everything(d)), d), d.id).toBe('granted');
  });

  it('refuses it when any one of its purposes is refused', () => {
    for (const d of DESTINATIONS) {
      for (const p of d.consent!.purposes) {
        const without = { ...everything(d), purposeConsents: flags(d.consent!.purposes.filter((q) => q !== p)) };
        expect(destinationStatus(tcfState(without), d), `${d.id} without purpose ${p}`).toBe('refused');
      }
    }
  });

  it('refuses a GVL vendor refused in vendor.consents, even with every purpose and every other signal', () => {
    const s = signal({ purposes: allPurposes, vendors: [], ac: `1~${GVL_DESTINATION.consent!.vendor.tcf}`, custom: [['facebook', true]] });
    expect(destinationStatus(tcfState(s), GVL_DESTINATION)).toBe('refused');
  });

  it('refuses a vendor that is not on the GVL when the AC string refuses it or when there is no signal at all', () => {
    const id = AC_DESTINATION.consent!.vendor.googleAc!;
    expect(destinationStatus(tcfState(signal({ purposes: allPurposes, ac: `2~~dv.${id}` })), AC_DESTINATION)).toBe('refused');
    expect(destinationStatus(tcfState(signal({ purposes: allPurposes })), AC_DESTINATION)).toBe('refused');
    // a GVL id of the same number is not its consent
    expect(destinationStatus(tcfState(signal({ purposes: allPurposes, vendors: [id] })), AC_DESTINATION)).toBe('refused');
    expect(destinationStatus(tcfState(signal({ purposes: allPurposes, ac: `1~${id}` })), AC_DESTINATION)).toBe('granted');
  });

  it("reads the CMP's custom-vendor answer before the AC string", () => {
    const { custom, googleAc } = AC_DESTINATION.consent!.vendor;
    expect(custom).toBeDefined();
    const s = (answer: boolean, ac: string) => signal({ purposes: allPurposes, ac, custom: [[custom!, answer]] });
    expect(destinationStatus(tcfState(s(true, '2~~dv.')), AC_DESTINATION)).toBe('granted');
    expect(destinationStatus(tcfState(s(false, `2~${googleAc}~dv.`)), AC_DESTINATION)).toBe('refused');
  });

  it("the site's own collector needs only its purposes", () => {
    expect(destinationStatus(tcfState(signal({ purposes: PUBLISHER_DESTINATION.consent!.purposes })), PUBLISHER_DESTINATION)).toBe('granted');
  });

  it('waits (pending) until the CMP answers; where GDPR does not apply, the categories decide', () => {
    const store = createConsentStore(TCF_RULES, GDPR);
    for (const d of DESTINATIONS) expect(destinationStatus(store.get(), d), d.id).toBe('pending');
    const outside = { ...signal({}), gdprApplies: false };
    for (const d of DESTINATIONS) expect(destinationMayRun(tcfState(outside), d), d.id).toBe(true);
    expect(destinationStatus(tcfState(outside, { analytics: true, marketing: false }), AC_DESTINATION)).toBe('refused');
  });

  it('counts legitimate interest only where the destination declares it', () => {
    const base: DestinationConsent = { purposes: [1, 7], vendor: { tcf: 42 } };
    const li = signal({ purposes: [1], vendors: [], li: { purposes: [7], vendors: [42] } });
    const d = (consent: DestinationConsent): DestinationConfig => ({ id: 'x', type: 'x', category: 'marketing', consent, settings: {} });
    expect(destinationStatus(tcfState(li), d(base))).toBe('refused');
    expect(destinationStatus(tcfState(li), d({ ...base, legitimateInterest: [7] }))).toBe('refused'); // the vendor still needs consent
    expect(destinationStatus(tcfState(li), d({ ...base, legitimateInterest: [7], vendor: { tcf: 42, legitimateInterest: true } }))).toBe('granted');
    const objected = signal({ purposes: [1], vendors: [42] });
    expect(destinationStatus(tcfState(objected), d({ ...base, legitimateInterest: [7] }))).toBe('refused');
  });

  it('a destination that declares nothing has no vendor signal: refused', () => {
    const bare: DestinationConfig = { id: 'x', type: 'x', category: 'analytics', settings: {} };
    expect(destinationStatus(tcfState(signal({ purposes: allPurposes, vendors: [755] })), bare)).toBe('refused');
    expect(vendorAllowed(undefined, signal({}))).toBe(false);
  });
});

describe('the built-in banner', () => {
  it('is the signal for every declared vendor: each destination follows its category, whatever it declares', () => {
    const store = createConsentStore({ version: 1, rules: [GDPR] }, GDPR);
    for (const d of DESTINATIONS) expect(destinationStatus(store.get(), d), d.id).toBe('pending');
    store.decide({ analytics: true, marketing: false });
    for (const d of DESTINATIONS) expect(destinationStatus(store.get(), d), d.id).toBe(d.category === 'marketing' ? 'refused' : 'granted');
    expect(destinationChoice(store.get(), GVL_DESTINATION)).toEqual({ analytics: true, marketing: false });
    expect(categoryPreferences(store.get())).toEqual({ necessary: true, analytics: true, marketing: false });
  });
});

describe('Google Consent Mode signals', () => {
  const ev = (name: string): AnalyticsEvent => ({ kind: 'track', name, props: {}, userUuid: 'v', at: 0 });

  it("reflect Google's vendor consent as well as the purposes, at load and on every change", async () => {
    const google = GVL_DESTINATION;
    const seen: ConsentChoice[] = [];
    const registration: DestinationType = {
      type: google.type,
      validate: () => [],
      load: async () => (_config, env) => (seen.push(env.consent), { send: () => undefined, consentChanged: (c) => void seen.push(c) }),
    };
    const consent = createConsentStore(TCF_RULES, GDPR);
    // advanced mode loads before any choice: its signals alone carry the choice
    const advanced = { ...google, settings: { ...google.settings, consentMode: 'advanced' } };
    const [sink] = destinationSinks([advanced], { registrations: [registration], consent, ready: Promise.resolve(), window: {} as Window });
    sink!.send(ev('Checkout Started'));
    await new Promise((r) => setTimeout(r, 0));
    const purposesOnly = signal({ purposes: allPurposes, vendors: [] });
    consent.decide({ analytics: true, marketing: true }, purposesOnly);
    consent.decide({ analytics: true, marketing: true }, everything(google));
    expect(seen).toEqual([
      { analytics: false, marketing: false }, // before the CMP answers
      { analytics: false, marketing: false }, // every purpose, Google refused
      { analytics: true, marketing: true },
    ]);
  });
});

describe('the router under a TCF CMP', () => {
  const ev = (name: string): AnalyticsEvent => ({ kind: 'track', name, props: {}, userUuid: 'v', at: 0 });
  it('loads only the destinations whose purposes and vendor are consented, and follows a later answer', async () => {
    const loads: string[] = [];
    const registrations: DestinationType[] = [...new Set(DESTINATIONS.map((d) => d.type))].map((type) => ({
      type,
      validate: () => [],
      load: async () => (config) => (loads.push(config.id), { send: () => undefined }),
    }));
    const consent = createConsentStore(TCF_RULES, GDPR);
    const sinks = destinationSinks(DESTINATIONS, { registrations, consent, ready: Promise.resolve(), window: {} as Window });
    sinks.forEach((s) => s.send(ev('Signed Up')));
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toEqual([]);
    const vendors = DESTINATIONS.flatMap((d) => (d.consent?.vendor.tcf ? [d.consent.vendor.tcf] : []));
    consent.decide({ analytics: true, marketing: true }, signal({ purposes: allPurposes, vendors }));
    await new Promise((r) => setTimeout(r, 0));
    expect(loads.sort()).toEqual(
      DESTINATIONS.filter((d) => d.id !== AC_DESTINATION.id)
        .map((d) => d.id)
        .sort(),
    );
    const acIds = DESTINATIONS.flatMap((d) => (d.consent?.vendor.googleAc ? [d.consent.vendor.googleAc] : []));
    consent.decide({ analytics: true, marketing: true }, signal({ purposes: allPurposes, vendors, ac: `2~${acIds.join('.')}~dv.` }));
    await new Promise((r) => setTimeout(r, 0));
    expect(loads.sort()).toEqual(DESTINATIONS.map((d) => d.id).sort());
  });

  it('ignores a stored choice: the CMP keeps its own record and answers for a returning visitor', () => {
    createConsentStore({ version: 1, rules: [GDPR] }, GDPR).decide({ analytics: true, marketing: true });
    expect(createConsentStore(TCF_RULES, GDPR).get()).toMatchObject({ decided: false, analytics: false, marketing: false });
  });
});

describe("the CMP's answer", () => {
  const tc: TcData = {
    eventStatus: 'useractioncomplete',
    gdprApplies: true,
    purpose: { consents: { 1: true, 8: true }, legitimateInterests: { 7: true } },
    vendor: { consents: { 755: true }, legitimateInterests: {} },
    addtlConsent: '2~89~dv.2008',
  };

  it('becomes the signal: purposes, vendors, legitimate interests, the AC providers and the configured custom vendors', () => {
    const win = { OnetrustActiveGroups: ',C0001,C0004,' };
    const s = signalOfTcData(tc, { type: 'tcf', customVendors: { facebook: { oneTrustGroup: 'C0004' }, other: { cookiebotCategory: 'marketing' } } }, win)!;
    expect(s.gdprApplies).toBe(true);
    expect({ ...s.purposeConsents }).toEqual({ 1: true, 8: true });
    expect({ ...s.purposeLegitimateInterests }).toEqual({ 7: true });
    expect({ ...s.vendorConsents }).toEqual({ 755: true });
    expect(s.additionalConsent).toEqual(new Set([89]));
    expect([...s.customVendors]).toEqual([['facebook', true]]); // Cookiebot is not on the page: no answer
    expect(signalOfTcData({ ...tc, eventStatus: 'cmpuishown' }, { type: 'tcf' }, win)).toBeUndefined();
    // a key named like a built-in property is only a key
    const odd = signalOfTcData(
      { ...tc, vendor: { consents: JSON.parse('{"__proto__": true, "toString": true}') as Record<string, boolean> } },
      { type: 'tcf' },
      {},
    )!;
    expect(Object.getPrototypeOf(odd.vendorConsents)).toBeNull();
  });

  it('reaches the consent store with its signal through __tcfapi', async () => {
    let listener: (data: TcData, success: boolean) => void = () => undefined;
    const win = { __tcfapi: (_c: string, _v: number, cb: typeof listener) => (listener = cb), setTimeout } as unknown as Window;
    const consent = createConsentStore(TCF_RULES, GDPR);
    expect(await connectCmp(TCF_RULES.cmp!, win, GDPR.defaults, (c, s) => consent.decide(c, s), 1000)).toBe(true);
    listener(tc, true);
    expect(destinationStatus(consent.get(), GVL_DESTINATION)).toBe('granted');
    expect(destinationStatus(consent.get(), AC_DESTINATION)).toBe('refused'); // its purposes 3 and 4 are not consented
    listener({ ...tc, purpose: { consents: flags(allPurposes) } }, true);
    expect(destinationStatus(consent.get(), AC_DESTINATION)).toBe('granted');
  });
});

describe('custom vendors as CMPs keep them', () => {
  it('OneTrust groups, Cookiebot categories and Didomi vendors; no answer when the CMP has none', () => {
    expect(readCustomVendor({ oneTrustGroup: 'C0004' }, { OnetrustActiveGroups: ',C0001,C0004,' })).toBe(true);
    expect(readCustomVendor({ oneTrustGroup: 'C0004' }, { OnetrustActiveGroups: ',C0001,C00045,' })).toBe(false);
    expect(readCustomVendor({ oneTrustGroup: 'C0004' }, {})).toBeUndefined();
    expect(readCustomVendor({ cookiebotCategory: 'marketing' }, { Cookiebot: { consent: { marketing: true }, hasResponse: true } })).toBe(true);
    expect(readCustomVendor({ cookiebotCategory: 'marketing' }, { Cookiebot: { consent: { marketing: false }, hasResponse: true } })).toBe(false);
    expect(readCustomVendor({ cookiebotCategory: 'marketing' }, { Cookiebot: { consent: { marketing: false }, hasResponse: false } })).toBeUndefined();
    const didomi = (status: unknown) => ({ Didomi: { getUserConsentStatusForVendor: (id: string) => (id === 'c:facebook' ? status : undefined) } });
    expect(readCustomVendor({ didomiVendor: 'c:facebook' }, didomi(true))).toBe(true);
    expect(readCustomVendor({ didomiVendor: 'c:facebook' }, didomi(false))).toBe(false);
    expect(readCustomVendor({ didomiVendor: 'c:facebook' }, didomi(undefined))).toBeUndefined();
    const current = (enabled: boolean) => ({ Didomi: { getCurrentUserStatus: () => ({ vendors: { 'c:facebook': { id: 'c:facebook', enabled } } }) } });
    expect(readCustomVendor({ didomiVendor: 'c:facebook' }, current(true))).toBe(true);
    expect(readCustomVendor({ didomiVendor: 'c:facebook' }, current(false))).toBe(false);
    expect(readCustomVendor({ didomiVendor: 'c:other' }, current(true))).toBeUndefined();
    const throwing = {
      Didomi: {
        getUserConsentStatusForVendor: () => {
          throw new Error('not ready');
        },
      },
    };
    expect(readCustomVendor({ didomiVendor: 'c:facebook' }, throwing)).toBeUndefined();
  });
});
