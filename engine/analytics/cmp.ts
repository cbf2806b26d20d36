/**
 * Consent from a consent management platform instead of the built-in banner, chosen by configuration
 * (flows/consent.json `cmp`):
 * - `tcf`: any IAB TCF v2.2 CMP (OneTrust, Cookiebot, Didomi, …) through `__tcfapi('addEventListener',
 *   2, callback)`; its purpose consents are mapped to the funnel's categories (analytics: purposes 1
 *   and 8, storing information and measuring content performance; marketing: purposes 1, 3, 4 and 7,
 *   ad profiles, personalised ads and measuring their performance);
 * - `generic`: a CMP exposing `window[global]` with `get()` (the current choice or undefined) and
 *   `subscribe(listener)`, e.g. a few lines of glue around a vendor's own API.
 * Each answer goes into the consent store, so every destination and Google Consent Mode v2 follow it.
 */
import type { ConsentChoice } from './types.ts';

export type CmpConfig = { type: 'tcf' } | { type: 'generic'; global: string };

/** What a TCF v2.2 CMP hands its listeners (the fields used here). */
export interface TcData {
  eventStatus?: 'tcloaded' | 'cmpuishown' | 'useractioncomplete';
  gdprApplies?: boolean;
  purpose?: { consents?: Record<string, boolean> };
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

/** How long the page waits for the CMP's script to define its API. */
export const CMP_WAIT_MS = 10_000;

/**
 * Connects a CMP: calls `onChoice` with every choice it reports (the first one included). Resolves
 * true once the CMP's API is there, false when it never appeared (then nothing is granted).
 */
export function connectCmp(
  config: CmpConfig,
  win: Window,
  outside: ConsentChoice,
  onChoice: (choice: ConsentChoice) => void,
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
        if (choice) onChoice(choice);
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
