/**
 * The consent store of a visit, which destinations and the banner subscribe to (the rules
 * themselves: consentRules.ts).
 */
import { writeItem } from '../core/safeStorage.ts';
import type { ConsentChoice } from './types.ts';
import { CONSENT_STORAGE_KEY, storedChoice, type ConsentRule, type ConsentRules } from './consentRules.ts';

export * from './consentRules.ts';

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

/** The consent store of a visit under a rule; a stored choice of the same rules version wins over defaults. */
export function createConsentStore(rules: ConsentRules, rule: ConsentRule, now: () => number = Date.now): ConsentStore {
  const stored = storedChoice(rules.version);
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
