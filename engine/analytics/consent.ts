/**
 * Consent: which rule applies to a visitor (rules as data, by time zone region and landing variant),
 * the stored choice, and a small store destinations and the banner subscribe to.
 */
import { readItem, writeItem } from '../core/safeStorage.ts';
import type { ConsentChoice } from './types.ts';

/** One consent rule; the first rule whose `when` matches applies (a rule without `when` matches all). */
export interface ConsentRule {
  id: string;
  when?: {
    /** IANA time zone names or prefixes ending in "/", e.g. "Europe/". */
    timeZones?: string[];
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
  rules: ConsentRule[];
}

export const CONSENT_STORAGE_KEY = 'consent';

/** Events held while waiting for start-up or consent; older ones are dropped first. */
export const MAX_HELD_EVENTS = 200;

/** What the visitor decided (or the rule's defaults) and whether they have decided yet. */
export interface ConsentState extends ConsentChoice {
  decided: boolean;
}

export interface ConsentStore {
  readonly rule: ConsentRule;
  get(): ConsentState;
  /** Records the visitor's choice (remembered in local storage). */
  decide(choice: ConsentChoice): void;
  /** Called on every change with the new state; returns the unsubscribe function. */
  subscribe(listener: (state: ConsentState) => void): () => void;
}

function matches(rule: ConsentRule, timeZone: string, variant: string): boolean {
  const { timeZones, variants } = rule.when ?? {};
  if (timeZones && !timeZones.some((z) => (z.endsWith('/') ? timeZone.startsWith(z) : timeZone === z))) return false;
  if (variants && !variants.includes(variant)) return false;
  return true;
}

/**
 * The rule for a visitor; with no matching rule, the strictest one (banner, nothing granted).
 * @example ruleFor(rules, 'Europe/Berlin', 'fullPrice').banner // true with a rule on "Europe/"
 */
export function ruleFor(rules: ConsentRules, timeZone: string, variant: string): ConsentRule {
  return (
    rules.rules.find((r) => matches(r, timeZone, variant)) ?? {
      id: 'strict', banner: true, defaults: { analytics: false, marketing: false }, visitorCookie: 'analytics',
    }
  );
}

/** The visitor's time zone, or '' when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

function readStored(version: number): ConsentChoice | undefined {
  try {
    const raw = JSON.parse(readItem('local', CONSENT_STORAGE_KEY) ?? 'null') as Partial<ConsentChoice & { v: number }> | null;
    if (!raw || raw.v !== version || typeof raw.analytics !== 'boolean' || typeof raw.marketing !== 'boolean') return undefined;
    return { analytics: raw.analytics, marketing: raw.marketing };
  } catch {
    return undefined; // corrupt storage: ask again
  }
}

/** The consent store of a visit under a rule; a stored choice of the same rules version wins over defaults. */
export function createConsentStore(rules: ConsentRules, rule: ConsentRule, now: () => number = Date.now): ConsentStore {
  const stored = readStored(rules.version);
  let state: ConsentState = stored ? { ...stored, decided: true } : { ...rule.defaults, decided: !rule.banner };
  const listeners = new Set<(s: ConsentState) => void>();
  return {
    rule,
    get: () => state,
    decide(choice) {
      state = { analytics: choice.analytics, marketing: choice.marketing, decided: true };
      writeItem('local', CONSENT_STORAGE_KEY, JSON.stringify({ v: rules.version, ...choice, at: now() }));
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Whether a category may receive events now: granted, or still undecided (then it queues). */
export function categoryStatus(state: ConsentState, category: 'necessary' | keyof ConsentChoice): 'granted' | 'pending' | 'refused' {
  if (category === 'necessary' || state[category]) return 'granted';
  return state.decided ? 'refused' : 'pending';
}

/** Whether the visitor id cookie may be written under the rule and the current state. */
export function visitorCookieAllowed(rule: ConsentRule, state: ConsentState): boolean {
  return rule.visitorCookie === 'always' || state.analytics;
}
