/**
 * Consent from a consent management platform instead of the built-in banner, chosen by configuration
 * (flows/consent.json `cmp`):
 * - `tcf`: any IAB TCF v2.2 CMP (OneTrust, Cookiebot, Didomi, …) through `__tcfapi('addEventListener',
 *   2, callback)`; its purpose consents are mapped to the funnel's categories (analytics: purposes 1
 *   and 8, storing information and measuring content performance; marketing: purposes 1, 3, 4 and 7,
 *   ad profiles, personalised ads and measuring their performance), and the whole answer (purposes,
 *   vendors, legitimate interests, Google's Additional Consent string, the configured custom vendors)
 *   is kept as the signal each destination's vendor-level decision reads (vendorConsent.ts);
 * - `generic`: a CMP exposing `window[global]` with `get()` (the current choice or undefined) and
 *   `subscribe(listener)`, e.g. a few lines of glue around a vendor's own API. Its category choice is
 *   the signal for every declared vendor, as the built-in banner's is.
 * Each answer goes into the consent store, so every destination and Google Consent Mode v2 follow it.
 */
import type { ConsentChoice } from './types.ts';
import { readCustomVendors, type CustomVendorSource } from './customVendors.ts';
import { additionalConsentProviders, type TcfSignal } from './vendorConsent.ts';

export type CmpConfig = { type: 'tcf'; customVendors?: Record<string, CustomVendorSource> } | { type: 'generic'; global: string };

type Flags = Record<string, boolean>;

/** What a TCF v2.2 CMP hands its listeners (the fields used here), with Google's Additional Consent string. */
export interface TcData {
  eventStatus?: 'tcloaded' | 'cmpuishown' | 'useractioncomplete';
  gdprApplies?: boolean;
  purpose?: { consents?: Flags; legitimateInterests?: Flags };
  vendor?: { consents?: Flags; legitimateInterests?: Flags };
  /** Google's Additional Consent string, `1~89.2008` or `2~89.2008~dv.9`. */
  addtlConsent?: string;
  listenerId?: number;
}

type TcfApi = (command: string, version: number, callback: (data: TcData, success: boolean) => void) => void;
type GenericCmp = { get(): ConsentChoice | undefined; subscribe(listener: (choice: ConsentChoice) => void): unknown };

/** The purposes each category needs (TCF v2.2 purpose ids). */
export const TCF_PURPOSES = { analytics: [1, 8], marketing: [1, 3, 4, 7] } as const;

/**
 * The funnel's choice from a TCF answer; undefined while the visitor has not answered. Where the CMP
 * says GDPR does not apply, `outside` (the rule's defaults) is the choice.
 * @example choiceOfTcData({ eventStatus: 'useractioncomplete', gdprApplies: true, purpose: { consents: { 1: true, 8: true } } }, d) // { analytics: true, marketing: false }
 */
export function choiceOfTcData(data: TcData, outside: ConsentChoice): ConsentChoice | undefined {
  if (data.eventStatus !== 'tcloaded' && data.eventStatus !== 'useractioncomplete') return undefined;
  if (data.gdprApplies === false) return outside;
  const consents = data.purpose?.consents ?? {};
  const all = (ids: readonly number[]): boolean => ids.every((id) => consents[id] === true);
  return { analytics: all(TCF_PURPOSES.analytics), marketing: all(TCF_PURPOSES.marketing) };
}

/**
 * The vendor-level signal of a TCF answer (undefined while the visitor has not answered); custom
 * vendors are read from the CMP's own API on `win`.
 */
export function signalOfTcData(data: TcData, config: Extract<CmpConfig, { type: 'tcf' }>, win: object): TcfSignal | undefined {
  if (data.eventStatus !== 'tcloaded' && data.eventStatus !== 'useractioncomplete') return undefined;
  // the CMP's objects are copied into null-prototype records: their keys never meet built-in properties
  const flags = (record: Flags | undefined): Flags => Object.assign(Object.create(null) as Flags, record);
  return {
    gdprApplies: data.gdprApplies !== false,
    purposeConsents: flags(data.purpose?.consents),
    purposeLegitimateInterests: flags(data.purpose?.legitimateInterests),
    vendorConsents: flags(data.vendor?.consents),
    vendorLegitimateInterests: flags(data.vendor?.legitimateInterests),
    additionalConsent: additionalConsentProviders(data.addtlConsent),
    customVendors: readCustomVendors(config.customVendors, win),
  };
}

/** How long the page waits for the CMP's script to define its API. */
export const CMP_WAIT_MS = 10_000;

/**
 * Connects a CMP: calls `onChoice` with every choice it reports (the first one included), with a TCF
 * CMP's vendor-level signal. Resolves true once the CMP's API is there, false when it never appeared
 * (then nothing is granted).
 */
export function connectCmp(
  config: CmpConfig,
  win: Window,
  outside: ConsentChoice,
  onChoice: (choice: ConsentChoice, signal?: TcfSignal) => void,
  waitMs = CMP_WAIT_MS,
): Promise<boolean> {
  const api = (): TcfApi | GenericCmp | undefined => {
    const value = config.type === 'tcf' ? (win as unknown as { __tcfapi?: unknown }).__tcfapi : (win as unknown as Record<string, unknown>)[config.global];
    if (config.type === 'tcf') return typeof value === 'function' ? (value as TcfApi) : undefined;
    const cmp = value as Partial<GenericCmp> | undefined;
    return cmp && typeof cmp.get === 'function' && typeof cmp.subscribe === 'function' ? (cmp as GenericCmp) : undefined;
  };
  const connect = (found: TcfApi | GenericCmp): void => {
    if (typeof found === 'function') {
      found('addEventListener', 2, (data, success) => {
        const choice = success ? choiceOfTcData(data, outside) : undefined;
        const signal = success && config.type === 'tcf' ? signalOfTcData(data, config, win) : undefined;
        if (choice) onChoice(choice, signal);
      });
      return;
    }
    const now = found.get();
    if (now) onChoice({ analytics: now.analytics === true, marketing: now.marketing === true });
    found.subscribe((c) => onChoice({ analytics: c.analytics === true, marketing: c.marketing === true }));
  };
  return new Promise((resolve) => {
    const started = Date.now();
    const poll = (): void => {
      const found = api();
      if (found) {
        connect(found);
        return resolve(true);
      }
      if (Date.now() - started >= waitMs) return resolve(false);
      win.setTimeout(poll, 200);
    };
    poll();
  });
}
