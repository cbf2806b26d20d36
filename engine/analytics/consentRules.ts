/**
 * The consent rules of a visit (rules as data: by time zone region and landing variant), the stored
 * choice and whether the visitor cookie may be written. Kept apart from the consent store: this is
 * the only part the landing route needs, to decide about the cookie at start-up.
 */
import { readItem } from '../core/safeStorage.ts';
import type { ConsentChoice } from './types.ts';
import type { CustomVendorSource } from './customVendors.ts';

/** One consent rule; the first rule whose `when` matches applies (a rule without `when` matches all). */
export interface ConsentRule {
  id: string;
  when?: {
    /** IANA time zone names or prefixes ending in "/", e.g. "Europe/". */
    timeZones?: string[];
    /**
     * ISO 3166-1 alpha-2 codes. Matches when one of the visitor's countries (visitorRegion.ts) is
     * listed, and when the visitor's country is unknown (a UTC or unknown zone): consent is asked then.
     */
    countries?: string[];
    /** Landing variant ids. */
    variants?: string[];
  };
  /** Whether the visitor is asked with a banner. */
  banner: boolean;
  /** The choice before the visitor decides (and when no banner is shown). */
  defaults: ConsentChoice;
  /** When the visitor id cookie may be written: always, or only with analytics consent. */
  visitorCookie: 'always' | 'analytics';
}

export interface ConsentRules {
  /** Bump to ask everyone again (a stored choice of another version is ignored). */
  version: number;
  /**
   * A consent management platform that replaces the built-in banner (cmp.ts); a TCF one names where it
   * records the custom vendors destinations read (`vendor.custom`), see customVendors.ts.
   */
  cmp?: { type: 'tcf'; customVendors?: Record<string, CustomVendorSource> } | { type: 'generic'; global: string };
  rules: ConsentRule[];
}

export const CONSENT_STORAGE_KEY = 'consent';

/** Events held while waiting for start-up or consent; older ones are dropped first. */
export const MAX_HELD_EVENTS = 200;

function matches(rule: ConsentRule, timeZone: string, variant: string, countries: readonly string[]): boolean {
  const { timeZones, variants } = rule.when ?? {};
  if (timeZones && !timeZones.some((z) => (z.endsWith('/') ? timeZone.startsWith(z) : timeZone === z))) return false;
  const listed = rule.when?.countries;
  if (listed && countries.length && !countries.some((c) => listed.includes(c))) return false;
  if (variants && !variants.includes(variant)) return false;
  return true;
}

/**
 * The rule for a visitor; with no matching rule, the strictest one (banner, nothing granted).
 * `countries`: where the visitor is (visitorRegion.ts); empty when unknown.
 * @example ruleFor(rules, 'Europe/Berlin', 'fullPrice', ['DE']).banner // true with a rule on DE
 */
export function ruleFor(rules: ConsentRules, timeZone: string, variant: string, countries: readonly string[] = []): ConsentRule {
  return (
    rules.rules.find((r) => matches(r, timeZone, variant, countries)) ?? {
      id: 'strict',
      banner: true,
      defaults: { analytics: false, marketing: false },
      visitorCookie: 'analytics',
    }
  );
}

interface TemporalNow {
  Temporal?: { Now?: { timeZoneId?: () => string } };
}

/**
 * The visitor's time zone, or '' when the browser does not say. Temporal's answer where the browser
 * has it: the page's first Intl.DateTimeFormat is a task of 100-300 ms on a phone at 4x CPU (it loads
 * the date formatting data), Temporal.Now.timeZoneId() about a millisecond.
 */
export function browserTimeZone(global: TemporalNow = globalThis as TemporalNow): string {
  try {
    const fromTemporal = global.Temporal?.Now?.timeZoneId?.();
    if (fromTemporal) return fromTemporal;
  } catch {
    /* fall back to Intl */
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}

/** The visitor's stored choice under this rules version, or undefined (none, another version, corrupt). */
export function storedChoice(version: number): ConsentChoice | undefined {
  try {
    const raw = JSON.parse(readItem('local', CONSENT_STORAGE_KEY) ?? 'null') as Partial<ConsentChoice & { v: number }> | null;
    if (!raw || raw.v !== version || typeof raw.analytics !== 'boolean' || typeof raw.marketing !== 'boolean') return undefined;
    return { analytics: raw.analytics, marketing: raw.marketing };
  } catch {
    return undefined; // corrupt storage: ask again
  }
}

interface GpcNavigator {
  globalPrivacyControl?: boolean;
}

/**
 * Whether the browser sends Global Privacy Control (`navigator.globalPrivacyControl`), an opt-out of
 * the sale or sharing of personal data: honoured as a refusal of advertising (marketing).
 */
export function globalPrivacyControl(nav: GpcNavigator | undefined = typeof navigator === 'undefined' ? undefined : (navigator as GpcNavigator)): boolean {
  return nav?.globalPrivacyControl === true;
}

/**
 * A rule as it applies to a browser with Global Privacy Control: marketing off until the visitor
 * turns it on themselves (a rule without a banner never asks, so it stays off).
 * @example honourGpc(notice, true).defaults.marketing // false
 */
export function honourGpc(rule: ConsentRule, gpc: boolean): ConsentRule {
  return gpc ? { ...rule, defaults: { ...rule.defaults, marketing: false } } : rule;
}

/** Whether the visitor id cookie may be written under the rule and the current state. */
export function visitorCookieAllowed(rule: ConsentRule, state: ConsentChoice): boolean {
  return rule.visitorCookie === 'always' || state.analytics;
}
